import { ExperimentOutlined, FilterOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Checkbox, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  createContext,
  memo,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Keyword } from '../../../shared/api/records';
import { dropDraft, keepDraft, useDraftAtMount } from '../../session/drafts';
import { DATE_TIME_FORMAT, fromPickerDate, MIN_PICKER_DATE, toPickerDate } from '../../ui/dates';
import { useExtension } from '../../domain/insight/extensionsState';
import type { ReviewFilterValues } from '../../domain/reviewFilter/reviewFilter';
import { reviewQueryOf } from '../../domain/reviewFilter/reviewQuery';
import { RatioBetween } from './RatioBetween';
import { keywordSuggestions } from './reviewLogic';
import { useStableCallback } from '../../ui/useStableCallback';
import { delayedLoading } from '../../ui/spinnerDelay';

/** The boxes typed in but not yet applied, kept if the session ends (drafts.ts). */
const DRAFT_KEY = 'filter:review';

const TRI = [
  { value: 'null', label: 'All' },
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

const SORTS = [
  { value: 'desc', label: 'New to Old' },
  { value: 'asc', label: 'Old to New' },
];
/**
 * Borderline first (DESIGN.md, Extensions) joins SPEC.md 2's Sort By Detect Time as a third order
 * rather than a control of its own: the filter has one sort, and this one still orders by detect
 * time among equally uncertain items. The label stays SPEC.md's.
 */
const SORTS_WITH_BORDERLINE = [...SORTS, { value: 'borderline', label: 'Borderline first' }];

/** The fields the form edits; a model run's items (Review these) are kept as they were applied. */
type FormFields = Omit<
  ReviewFilterValues,
  'startDate' | 'endDate' | 'modelRunId' | 'modelRunDirection' | 'modelRunReviewed'
>;
type FormValues = FormFields & {
  startDate: Dayjs | null;
  endDate: Dayjs | null;
};

const toForm = (v: ReviewFilterValues): FormValues => ({
  ...v,
  startDate: toPickerDate(v.startDate),
  endDate: toPickerDate(v.endDate),
});
const ratio = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const fromForm = (
  v: FormValues,
  applied: ReviewFilterValues,
  borderline: boolean,
): ReviewFilterValues => ({
  ...v,
  searchDataId: (v.searchDataId ?? '').trim(),
  keyword: v.keyword ?? '',
  startDate: fromPickerDate(v.startDate),
  endDate: fromPickerDate(v.endDate),
  // Without the extension its fields are not on the form: a kept draft cannot bring them back.
  sortBy: !borderline && v.sortBy === 'borderline' ? 'desc' : v.sortBy,
  ratioFrom: borderline ? ratio(v.ratioFrom) : null,
  ratioTo: borderline ? ratio(v.ratioTo) : null,
  modelRunId: applied.modelRunId,
  modelRunDirection: applied.modelRunDirection,
  modelRunReviewed: applied.modelRunReviewed,
});

interface Props {
  initial: ReviewFilterValues;
  reviewers: readonly string[];
  keywordsFor: (filterType: ReviewFilterValues['filterType']) => readonly Keyword[];
  onFilter(values: ReviewFilterValues): void;
  onModel(filterType: ReviewFilterValues['filterType']): void;
  loading: boolean;
  /** Beside Filter: the saved views (domain/views). */
  extra?: ReactNode;
}

/**
 * The filter form of SPEC.md 2 (Review screen); with Search with Data Id ticked only the id is
 * used. Memoised, with its fields in a memo of their own: a Filter click renders the page four or
 * five times (loading, the answer, the URL), and two date pickers and eight selects drawn again
 * each time were a third of the click's cost (docs/performance.md, Review and the lists). Only the
 * Filter button follows `loading`.
 */
export const ReviewFilterBar = memo(function ReviewFilterBar({
  initial,
  reviewers,
  keywordsFor,
  onFilter,
  onModel,
  loading,
  extra,
}: Props) {
  const [form] = Form.useForm<FormValues>();
  const borderline = useExtension('borderline');
  const draft = useDraftAtMount<Partial<FormValues>>(DRAFT_KEY);
  // The boxes show the applied filter when it changes from outside the form (a saved view, a
  // link, the Back button): the URL leads. Not at mount, where a kept draft comes first.
  const shownFilter = useRef(initial);
  useEffect(() => {
    if (shownFilter.current === initial) return;
    shownFilter.current = initial;
    // A Filter click's own filter is what the boxes show already: setting it again would draw the
    // ten fields again while the click's answer comes back (docs/performance.md, The paint floor).
    const shown = fromForm(form.getFieldsValue(true) as FormValues, initial, borderline);
    if (reviewQueryOf(shown, 0) !== reviewQueryOf(initial, 0)) form.setFieldsValue(toForm(initial));
  }, [form, initial, borderline]);
  const byId = Form.useWatch('searchWithDataId', form) ?? initial.searchWithDataId;
  const filterType = Form.useWatch('filterType', form) ?? initial.filterType;
  const typed = Form.useWatch('keyword', form) ?? '';
  const keywords = keywordsFor(filterType);
  const options = useMemo(
    () =>
      keywordSuggestions(keywords, typed).map((k) => ({
        value: k.keyword,
        label: k.keyword,
      })),
    [keywords, typed],
  );

  const fields = useMemo(
    () => (
      <>
        <Form.Item label="Filter Type" name="filterType">
          <Select
            style={{ width: 120 }}
            options={[
              { value: 'tweets', label: 'Tweets' },
              { value: 'news', label: 'News' },
            ]}
          />
        </Form.Item>
        <Form.Item label="Search with Data Id" name="searchWithDataId" valuePropName="checked">
          <Checkbox aria-label="Search with Data Id" />
        </Form.Item>
        <Form.Item
          label="Data Id"
          name="searchDataId"
          rules={[
            {
              validator: async (_, v: string) =>
                !byId || /^\d+$/.test((v ?? '').trim())
                  ? undefined
                  : Promise.reject(new Error('Enter a numeric data id')),
            },
          ]}
        >
          <Input style={{ width: 110 }} disabled={!byId} placeholder="Data Id" />
        </Form.Item>
        <Form.Item label="Start Date" name="startDate">
          <DatePicker
            showTime
            format={DATE_TIME_FORMAT}
            minDate={MIN_PICKER_DATE}
            disabled={byId}
            allowClear
          />
        </Form.Item>
        <Form.Item label="End Date" name="endDate">
          <DatePicker
            showTime
            format={DATE_TIME_FORMAT}
            minDate={MIN_PICKER_DATE}
            disabled={byId}
            allowClear
          />
        </Form.Item>
        <Form.Item label="Filter with Keyword" name="keyword">
          <AutoComplete
            style={{ width: 170 }}
            options={options}
            disabled={byId}
            placeholder="Keyword"
            allowClear
          />
        </Form.Item>
        <Form.Item label="Is Eliminated" name="isEliminated">
          <Select style={{ width: 90 }} options={TRI} disabled={byId} />
        </Form.Item>
        <Form.Item label="Is Manually Changed" name="isManuallyChanged">
          <Select style={{ width: 90 }} options={TRI} disabled={byId} />
        </Form.Item>
        <Form.Item label="Is Reviewed" name="isReviewed">
          <Select style={{ width: 90 }} options={TRI} disabled={byId} />
        </Form.Item>
        <Form.Item label="Reviewed By" name="reviewedBy">
          <Select
            style={{ width: 130 }}
            options={[
              { value: 'null', label: 'All' },
              ...reviewers.map((r) => ({ value: r, label: r })),
            ]}
            disabled={byId}
          />
        </Form.Item>
        <Form.Item label="Sort By Detect Time" name="sortBy">
          <Select
            style={{ width: borderline ? 160 : 140 }}
            options={borderline ? SORTS_WITH_BORDERLINE : SORTS}
            disabled={byId}
          />
        </Form.Item>
        {borderline && <RatioBetween disabled={byId} />}
      </>
    ),
    [byId, borderline, reviewers, options],
  );

  // Read at mount only (rc-field-form); one object, so the memoised form below stays as it is.
  const [initialValues] = useState(() => ({ ...toForm(initial), ...draft }));
  const finish = useStableCallback((values: FormValues) => {
    dropDraft(DRAFT_KEY);
    onFilter(fromForm(values, initial, borderline));
  });
  const model = useStableCallback(() =>
    onModel(form.getFieldValue('filterType') as ReviewFilterValues['filterType']),
  );
  // The form is not drawn again when only `loading` changes: the Filter button reads it from a
  // context (an Ant Design form drawn again draws all its fields again).
  const filterForm = useMemo(
    () => (
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={keepTyped}
        onFinish={finish}
        className="dqc-review-filter"
        aria-label="Review filter"
      >
        <Space wrap align="end" size={[12, 0]}>
          {fields}
          <Form.Item>
            <Space>
              <FilterButton />
              <Button icon={<ExperimentOutlined />} onClick={model}>
                Model
              </Button>
              {extra}
            </Space>
          </Form.Item>
        </Space>
      </Form>
    ),
    [form, initialValues, finish, fields, model, extra],
  );
  return <FilterLoading.Provider value={loading}>{filterForm}</FilterLoading.Provider>;
});

/** Whether the list is loading, for the Filter button alone (its spinner after SPINNER_DELAY_MS). */
const FilterLoading = createContext(false);

function FilterButton() {
  return (
    <Button
      type="primary"
      htmlType="submit"
      icon={<FilterOutlined />}
      loading={delayedLoading(useContext(FilterLoading))}
    >
      Filter
    </Button>
  );
}

function keepTyped(_: unknown, all: FormValues) {
  keepDraft(DRAFT_KEY, all);
}
