import { Tag, Typography } from 'antd';
import type { JournalEntry, JournalOutcome } from '../../../shared/journal';
import type { RunView } from '../../../shared/runs';
import type { ListColumns } from '../../ui/resource/listColumns';
import { formatLocalSeconds } from '../../domain/runs/runsText';

/** Preset tag colours whose text the theme keeps readable (theme.ts). */
const OUTCOME_COLOR: Record<JournalOutcome, string> = {
  ok: 'green',
  failed: 'red',
  skipped: 'gold',
};

/** The state before a write, compact: 'selected=true, reviewedBy=reviewer1'. */
export function beforeText(before: JournalEntry['before']): string {
  if (!before) return '-';
  const pairs = Object.entries(before).map(([key, value]) => `${key}=${String(value)}`);
  return pairs.length > 0 ? pairs.join(', ') : '-';
}

function Outcome({ entry }: { entry: JournalEntry }) {
  return (
    <>
      <Tag color={OUTCOME_COLOR[entry.outcome]}>{entry.outcome}</Tag>
      {entry.status !== null && <Typography.Text>{` ${entry.status}`}</Typography.Text>}
      {entry.message && <div>{entry.message}</div>}
    </>
  );
}

/** The journal table's columns; a run is named by its label while core still knows it. */
export function journalColumns(runs: Readonly<Record<string, RunView>>): ListColumns<JournalEntry> {
  return [
    { key: 'at', title: 'When', render: (_, entry) => formatLocalSeconds(entry.at) },
    { key: 'area', title: 'Area', dataIndex: 'area' },
    { key: 'call', title: 'Call', render: (_, entry) => <code>{entry.call}</code> },
    { key: 'target', title: 'Target', render: (_, entry) => entry.target ?? '-' },
    { key: 'summary', title: 'Summary', dataIndex: 'summary' },
    { key: 'before', title: 'Before', render: (_, entry) => beforeText(entry.before) },
    { key: 'outcome', title: 'Outcome', render: (_, entry) => <Outcome entry={entry} /> },
    {
      key: 'run',
      title: 'Run',
      render: (_, entry) => (entry.runId ? (runs[entry.runId]?.label ?? entry.runId) : '-'),
    },
  ];
}
