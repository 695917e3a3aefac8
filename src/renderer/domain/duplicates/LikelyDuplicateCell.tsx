import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { App, Button, Flex, Popover, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { Candidate, DuplicateKind } from '../../../shared/workbench/duplicateChannels';
import { identityOf } from '../../../shared/workbench/duplicateChannels';
import { errorText } from '../../ui/errorText';
import { detectedRecordOf } from './detectedRecord';
import './duplicates.css';
import { setNotDuplicate, useSuggestions } from './suggestionsLoader';

const nameOf = (record: Record<string, unknown>) => {
  const name = typeof record.name === 'string' ? record.name : '';
  const unique = typeof record.uniqueName === 'string' ? record.uniqueName : '';
  return name && unique && name !== unique ? `${name} (${unique})` : name || unique || '-';
};

/** One candidate: who it is, how strongly, the evidence for and against, and what can be done. */
function CandidateEntry({
  candidate,
  onCompare,
  onDismiss,
}: {
  candidate: Candidate;
  onCompare(): void;
  onDismiss: (() => void) | null;
}) {
  const label = nameOf(candidate.record);
  return (
    <li className="dqc-candidate">
      <Flex align="center" gap={8} wrap>
        <Typography.Text strong>{label}</Typography.Text>
        <Tag className={candidate.likely ? 'dqc-likely-tag' : undefined}>
          {candidate.likely ? 'Likely' : 'Possible'} · {candidate.score.toFixed(1)}
        </Tag>
      </Flex>
      <ul className="dqc-evidence" aria-label={`Evidence for ${label}`}>
        {candidate.evidence.map((e) => (
          <li key={`${e.kind}:${e.text}`} className={e.matches ? 'dqc-for' : 'dqc-against'}>
            {e.matches ? <CheckOutlined aria-hidden /> : <CloseOutlined aria-hidden />}{' '}
            <span className="dqc-sr-only">{e.matches ? 'For: ' : 'Against: '}</span>
            {e.text}
          </li>
        ))}
      </ul>
      <Flex gap={8}>
        <Button size="small" onClick={onCompare}>
          Compare
        </Button>
        {onDismiss && (
          <Button size="small" onClick={onDismiss}>
            Not a duplicate
          </Button>
        )}
      </Flex>
    </li>
  );
}

/**
 * A queued record's likely duplicates (issue 49), in its row: the best candidate with "Likely" when
 * the evidence is strong; the details open the list with the evidence that matched and what speaks
 * against, Compare, and "Not a duplicate" (kept per user, undone from here or from Queues).
 */
export function LikelyDuplicateCell({
  kind,
  rowKey,
  record,
  onCompare,
}: {
  kind: DuplicateKind;
  rowKey: string;
  record: object;
  onCompare(candidate: Candidate): void;
}) {
  const state = useSuggestions(kind, detectedRecordOf(rowKey, record));
  const { message } = App.useApp();
  const [undo, setUndo] = useState<{ catalogue: string; label: string } | null>(null);
  const [open, setOpen] = useState(false);
  const detected = identityOf(record as Record<string, unknown>);

  const change = async (catalogue: string, label: string, notDuplicate: boolean) => {
    try {
      await setNotDuplicate({ kind, detected, catalogue }, notDuplicate);
      setUndo(notDuplicate ? { catalogue, label } : null);
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  const undoLine = undo && (
    <Typography.Text type="secondary">
      {undo.label}: not a duplicate.{' '}
      <Button
        type="link"
        size="small"
        onClick={() => void change(undo.catalogue, undo.label, false)}
      >
        Undo
      </Button>
    </Typography.Text>
  );
  if (state.status === 'loading') return <Typography.Text type="secondary">…</Typography.Text>;
  if (state.status === 'failed')
    return (
      <Typography.Text type="danger" title={state.message}>
        No suggestions: {state.message}
      </Typography.Text>
    );
  const [best] = state.candidates;
  if (!best) return undoLine ?? <Typography.Text type="secondary">None</Typography.Text>;
  const content = (
    <ul className="dqc-candidates" aria-label="Likely duplicates">
      {state.candidates.map((candidate, index) => (
        <CandidateEntry
          key={`${candidate.id}#${index}`}
          candidate={candidate}
          onCompare={() => {
            setOpen(false);
            onCompare(candidate);
          }}
          onDismiss={
            candidate.id && detected
              ? () => void change(candidate.id, nameOf(candidate.record), true)
              : null
          }
        />
      ))}
    </ul>
  );
  return (
    <Flex vertical gap={2} align="flex-start">
      <Popover
        content={content}
        trigger="click"
        open={open}
        onOpenChange={setOpen}
        title="Likely duplicates"
        placement="left"
      >
        <Button size="small" data-testid="likely duplicates">
          {best.likely ? <Tag className="dqc-likely-tag">Likely</Tag> : null}
          {nameOf(best.record)}
          {state.candidates.length > 1 ? ` +${state.candidates.length - 1}` : ''}
        </Button>
      </Popover>
      {undoLine}
    </Flex>
  );
}
