import { App as AntApp, Button, Drawer, Flex, Switch, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { FilterType } from '../../../shared/bodies/review';
import type { StoryMember, StoryMembers } from '../../../shared/responses/stories';
import type { BulkAction } from '../../../shared/runs';
import { invoke } from '../../bridge/bridge';
import { formatLocalTime } from '../../ui/dates';
import { errorText } from '../../ui/errorText';
import { storyStartedText, storyDecisionText, memberStateText } from './storyTexts';
import { prepareRun } from './preparedRun';
import { useRunsFinished } from './useRunsFinished';

interface Props {
  filterType: FilterType;
  storyId: number;
  onClose(): void;
  /** Something was written to the story's items: the page reloads its list. */
  onChanged(): void;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'ok'; value: StoryMembers }
  | { status: 'failed'; error: string };

/**
 * One story (the stories extension, issue 48): its members with their account or website, time
 * and state; Select all or Eliminate all, a run over its members like every bulk decision (core
 * freezes them, re-reads each, checks for a change, journals, and offers Undo), which records the
 * story's decision for later copies to take; whether they take it; and a member split off into a
 * story of its own.
 */
export function StoryDrawer({ filterType, storyId, onClose, onChanged }: Props) {
  const { message } = AntApp.useApp();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(() => {
    invoke('stories.members', { filterType, id: storyId }).then(
      (value) => setLoaded({ status: 'ok', value }),
      (error: unknown) => setLoaded({ status: 'failed', error: errorText(error) }),
    );
  }, [filterType, storyId]);
  useEffect(load, [load]);
  // The run's writes and the story's recorded decision show once it ends.
  useRunsFinished(filterType, load);

  async function act(label: string, work: () => Promise<string>) {
    setBusy(label);
    try {
      void message.success(await work());
    } catch (error) {
      void message.error(`${label}: ${errorText(error)}`);
    } finally {
      setBusy(null);
      load();
    }
  }

  const story = loaded.status === 'ok' ? loaded.value.story : null;
  const decide = (action: Extract<BulkAction, 'select' | 'eliminate'>) =>
    story &&
    act(action === 'select' ? 'Select all' : 'Eliminate all', async () => {
      const prepared = await prepareRun({
        filterType,
        action,
        scope: { kind: 'story', storyId: story.id, version: story.version },
      });
      if (prepared.status === 'failed')
        throw new Error(prepared.error ?? 'the members were not read');
      const started = await invoke('runs.start', { id: prepared.id });
      return storyStartedText(started);
    });
  const setInherit = (inherit: boolean) =>
    story &&
    act('Later copies', async () => {
      await invoke('stories.inherit', {
        filterType,
        id: story.id,
        inherit,
        version: story.version,
      });
      return inherit
        ? 'Copies that join this story later take its decision.'
        : 'Copies that join this story later are left for a reviewer.';
    });
  const split = (member: StoryMember) =>
    story &&
    act('Split off', async () => {
      await invoke('stories.split', { filterType, id: story.id, itemId: member.id });
      onChanged();
      return `Item ${member.id} is now a story of its own.`;
    });

  const columns = [
    {
      title: filterType === 'tweets' ? 'Account' : 'Website',
      dataIndex: 'source',
      key: 'source',
      // The lead is the card Review shows for the story with Stories on.
      render: (source: string, member: StoryMember) =>
        member.id === story?.leadId ? (
          <>
            <span>{source}</span> <Tag>Lead</Tag>
          </>
        ) : (
          source
        ),
    },
    {
      title: 'Detect time',
      dataIndex: 'detectTime',
      key: 'time',
      render: (iso: string) => formatLocalTime(iso),
    },
    {
      title: 'State',
      key: 'state',
      render: (_: unknown, member: StoryMember) => memberStateText(member),
    },
    {
      title: 'Data Id',
      dataIndex: 'id',
      key: 'id',
    },
    {
      title: 'Split',
      key: 'split',
      render: (_: unknown, member: StoryMember) => (
        <Button
          size="small"
          disabled={busy !== null || (story?.members ?? 0) < 2}
          onClick={() => void split(member)}
          aria-label={`Split off item ${member.id} into a story of its own`}
        >
          Split off
        </Button>
      ),
    },
  ];

  return (
    <Drawer
      open
      width={720}
      onClose={onClose}
      title={story ? `Story ${story.id}: ${story.members} items` : `Story ${storyId}`}
    >
      {loaded.status === 'loading' && <Typography.Text>Loading the story…</Typography.Text>}
      {loaded.status === 'failed' && (
        <Flex vertical gap={8}>
          <Typography.Text type="danger">{`The story could not be read: ${loaded.error}`}</Typography.Text>
          <Button onClick={load}>Try Again</Button>
        </Flex>
      )}
      {loaded.status === 'ok' && story && (
        <Flex vertical gap={12}>
          <Typography.Text>{storyDecisionText(story)}</Typography.Text>
          <Flex gap={8} wrap>
            <Button
              type="primary"
              loading={busy === 'Select all'}
              disabled={busy !== null}
              onClick={() => void decide('select')}
            >
              {`Select all ${story.members}`}
            </Button>
            <Button
              danger
              loading={busy === 'Eliminate all'}
              disabled={busy !== null}
              onClick={() => void decide('eliminate')}
            >
              {`Eliminate all ${story.members}`}
            </Button>
          </Flex>
          <label>
            <Flex gap={8} align="center">
              <Switch
                checked={story.inherit}
                disabled={busy !== null}
                onChange={(on) => void setInherit(on)}
                aria-label="Later copies take the story’s decision"
              />
              <span>Later copies take the story’s decision</span>
            </Flex>
          </label>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            columns={columns}
            dataSource={loaded.value.members}
          />
        </Flex>
      )}
    </Drawer>
  );
}
