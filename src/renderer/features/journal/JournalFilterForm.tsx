import { DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useAtomValue } from 'jotai';
import {
  JOURNAL_AREAS,
  JOURNAL_OUTCOMES,
  type JournalArea,
  type JournalOutcome,
} from '../../../shared/journal';
import { ListFilterForm } from '../../ui/ListFilterForm';
import { allRunsAtom } from '../../domain/runs/runsState';
import { formatLocalSeconds } from '../../domain/runs/runsText';
import type { JournalFilter } from './journalState';

/** 'All' in a select: no condition on that field. */
const ALL = 'all';

interface FormValues {
  range: [Dayjs | null, Dayjs | null] | null;
  area: JournalArea | typeof ALL;
  outcome: JournalOutcome | typeof ALL;
  runId: string;
}

const toForm = (filter: JournalFilter): FormValues => ({
  range:
    filter.from || filter.to
      ? [filter.from ? dayjs(filter.from) : null, filter.to ? dayjs(filter.to) : null]
      : null,
  area: filter.area ?? ALL,
  outcome: filter.outcome ?? ALL,
  runId: filter.runId ?? ALL,
});

const fromForm = (values: FormValues): JournalFilter => ({
  from: values.range?.[0]?.toISOString() ?? null,
  to: values.range?.[1]?.toISOString() ?? null,
  area: values.area === ALL ? null : values.area,
  outcome: values.outcome === ALL ? null : values.outcome,
  runId: values.runId === ALL ? null : values.runId,
});

const options = (values: readonly string[]) => [
  { value: ALL, label: 'All' },
  ...values.map((value) => ({ value, label: value })),
];

/** The journal's filter: when, which area, which outcome, which run. */
export function JournalFilterForm({
  filter,
  onFilter,
}: {
  filter: JournalFilter;
  onFilter(filter: JournalFilter): void;
}) {
  const runs = useAtomValue(allRunsAtom);
  const runOptions = [
    { value: ALL, label: 'All' },
    ...runs.map((run) => ({
      value: run.id,
      label: `${run.label}, ${formatLocalSeconds(run.startedAt ?? run.createdAt)}`,
    })),
  ];
  return (
    <ListFilterForm<FormValues>
      label="Journal filter"
      initialValues={toForm(filter)}
      onFilter={(values) => onFilter(fromForm(values))}
    >
      <Form.Item name="range" label="Date range">
        <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item name="area" label="Area">
        <Select options={options(JOURNAL_AREAS)} style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="outcome" label="Outcome">
        <Select options={options(JOURNAL_OUTCOMES)} style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="runId" label="Run">
        <Select options={runOptions} style={{ width: 260 }} popupMatchSelectWidth={false} />
      </Form.Item>
    </ListFilterForm>
  );
}
