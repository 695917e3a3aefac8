import { Table, type TableColumnsType as ColumnsType } from 'antd';
import {
  DECISION_KIND_LABELS,
  DECISION_KINDS,
  type PeriodFigures,
} from '../../domain/shift/shiftFigures';
import { durationText, paceText } from './shiftText';

interface Props {
  shift: PeriodFigures;
  today: PeriodFigures;
  loading: boolean;
}

interface Row {
  key: string;
  what: string;
  shift: string;
  today: string;
}

const columns: ColumnsType<Row> = [
  { title: 'What', dataIndex: 'what', key: 'what', onCell: () => ({ role: 'rowheader' }) },
  { title: 'This shift', dataIndex: 'shift', key: 'shift', align: 'right' },
  { title: 'Today', dataIndex: 'today', key: 'today', align: 'right' },
];

function row(key: string, what: string, of: (figures: PeriodFigures) => string) {
  return (shift: PeriodFigures, today: PeriodFigures): Row => ({
    key,
    what,
    shift: of(shift),
    today: of(today),
  });
}

const ROWS = [
  ...DECISION_KINDS.map((kind) =>
    row(kind, DECISION_KIND_LABELS[kind], (f) => String(f.byKind[kind])),
  ),
  row('decisions', 'All decisions', (f) => String(f.decisions)),
  row('pace', 'Pace', (f) => paceText(f.perHour)),
  row('active', 'Active time', (f) => durationText(f.activeMs)),
  row('undone', 'Undone', (f) => String(f.undone)),
  row('failed', 'Failed writes', (f) => String(f.failed)),
  row('skipped', 'Left by a run', (f) => String(f.skipped)),
];

/** This shift's and today's figures, side by side: decisions by kind, then pace and the rest. */
export function ShiftFiguresTable({ shift, today, loading }: Props) {
  return (
    <Table<Row>
      size="small"
      pagination={false}
      loading={loading}
      columns={columns}
      dataSource={ROWS.map((make) => make(shift, today))}
      style={{ maxWidth: 560 }}
    />
  );
}
