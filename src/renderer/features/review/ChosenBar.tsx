import { App as AntApp, Button, Card, Flex, Space, Typography } from 'antd';
import { useState } from 'react';
import type { FilterType } from '../../../shared/bodies/review';
import type { BulkAction, RunView } from '../../../shared/runs';
import { invoke } from '../../bridge/bridge';
import { useConfirm } from '../../ui/confirmAction';
import { errorText } from '../../ui/errorText';
import { chosenStartedText, confirmReviewedText, count } from './bulkTexts';
import { prepareRun } from './preparedRun';

interface Props {
  filterType: FilterType;
  chosen: readonly number[];
  onClear(): void;
}

/**
 * The chosen items and what can be done to all of them at once. Core runs it (a bulk run, with
 * its progress in the top bar); the bar only prepares the run from the chosen ids and starts it.
 */
export function ChosenBar({ filterType, chosen, onClear }: Props) {
  const { message } = AntApp.useApp();
  const confirm = useConfirm();
  const [busy, setBusy] = useState<BulkAction | null>(null);

  /** Prepares and starts the run; throws when either fails, with the reason. */
  async function run(action: BulkAction): Promise<RunView> {
    const prepared = await prepareRun({
      filterType,
      action,
      scope: { kind: 'chosen', ids: [...chosen] },
    });
    if (prepared.status === 'failed') throw new Error(prepared.error ?? 'the items were not read');
    const started = await invoke('runs.start', { id: prepared.id });
    onClear();
    return started;
  }

  async function act(action: BulkAction) {
    setBusy(action);
    try {
      void message.success(chosenStartedText(await run(action)));
    } catch (error) {
      void message.error(`Could not start: ${errorText(error)}`);
    } finally {
      setBusy(null);
    }
  }

  const markReviewed = () =>
    confirm({
      content: confirmReviewedText(chosen.length),
      danger: false,
      action: () => run('reviewed'),
      done: chosenStartedText,
      failed: 'Could not start',
    });

  return (
    <Card size="small" role="region" aria-label="Chosen items">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text strong>{`${count(chosen.length)} chosen`}</Typography.Text>
        <Space wrap>
          <Button
            danger
            loading={busy === 'eliminate'}
            disabled={busy !== null}
            onClick={() => void act('eliminate')}
          >
            Eliminate chosen
          </Button>
          <Button
            loading={busy === 'select'}
            disabled={busy !== null}
            onClick={() => void act('select')}
          >
            Select chosen
          </Button>
          <Button disabled={busy !== null} onClick={markReviewed}>
            Mark chosen reviewed
          </Button>
          <Button type="text" disabled={busy !== null} onClick={onClear}>
            Clear
          </Button>
        </Space>
      </Flex>
    </Card>
  );
}
