import type { Keyword } from '../../../shared/api/records';
import type { PayloadOf } from '../../../shared/bridge';
import type { FilterType } from '../../../shared/bodies/review';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { invoke } from '../../bridge/bridge';
import { KeywordImpact } from '../../domain/insight/KeywordImpact';
import { requireId } from '../../ui/recordId';
import { createModal, modalAction } from '../../ui/resource/actions';
import { resourceState } from '../../ui/resource/resourceState';
import type { ResourceView } from '../../ui/resource/types';
import { rowKeyOf } from '../../ui/rowKey';
import { shown } from '../../ui/shown';
import { KEYWORD_FIELDS } from './keywordFields';

/** SPEC.md 2, Keyword screen: each service's keyword list, filtered by type and 'Contains'. */
type KeywordFilter = { filterType: FilterType; contains: string };
/** A keyword with the service its list came from, so a change goes to that service. */
type KeywordRow = Keyword & { service: FilterType };
type KeywordForm = Omit<PayloadOf<'review.addKeyword'>, 'filterType'>;

export const keywordState = resourceState<KeywordRow, KeywordFilter>({
  filterType: 'tweets',
  contains: '',
});

const typed = (values: KeywordForm): KeywordForm => ({ ...values, keyword: values.keyword.trim() });

/**
 * Under the buttons, what the keyword being typed would touch (keyword impact, DESIGN.md,
 * Extensions): the modal's note slot follows the values on screen, and grows as the answer comes
 * without moving Close and Update (UpdateModal.tsx). The preview draws nothing when the server does
 * not offer it.
 */
const impactUnderButtons = (service: FilterType) => ({
  footerNote: (values: Partial<KeywordForm>) => (
    <KeywordImpact keyword={values.keyword ?? ''} service={service} />
  ),
});

export const keywordView: ResourceView<KeywordRow, KeywordFilter> = {
  label: 'Keywords',
  noun: 'keywords',
  // The keyword calls are journalled as 'keyword <text>' (core/writes/writeChannels.ts).
  historyTarget: (k) => (k.keyword ? `keyword ${k.keyword}` : null),
  filter: {
    label: 'Keyword filter',
    fields: [
      {
        name: 'filterType',
        label: 'Filter Type',
        kind: 'select',
        width: 120,
        options: [
          { value: 'tweets', label: 'Tweets' },
          { value: 'news', label: 'News' },
        ],
      },
      { name: 'contains', label: 'Contains' },
    ],
    read: (values) => ({
      filterType: values.filterType === 'news' ? 'news' : 'tweets',
      contains: values.contains ?? '',
    }),
  },
  state: keywordState,
  paging: {
    kind: 'client',
    pageSize: LIST_PAGE_SIZE,
    fetch: async ({ filterType, contains }) => {
      const keywords = await (contains
        ? invoke('review.getKeywordsIncludes', { filterType, text: contains })
        : invoke('review.getKeywords', { filterType }));
      return keywords.map((k) => ({ ...k, service: filterType }));
    },
  },
  rowKey: (k) => rowKeyOf(k.id, k.keyword),
  columns: [
    { title: 'Keyword', dataIndex: 'keyword' },
    { title: 'Type', dataIndex: 'type', width: 220 },
  ],
  removable: [
    {
      title: 'Unwanted Usages',
      values: (k) => k.unwantedUsages,
      removeLabel: 'Remove',
      confirm: 'Are You Sure The Delete This Unwanted Usage',
      remove: (k, unwantedUsage) =>
        invoke('review.deleteUnwantedUsage', {
          filterType: k.service,
          id: requireId(k.id, 'keyword'),
          keyword: k.keyword,
          unwantedUsage,
        }),
      done: (_, usage) => `Unwanted usage "${usage}" removed`,
    },
  ],
  actions: [
    modalAction<KeywordRow, KeywordForm>({
      label: 'Update',
      title: 'Update Keyword',
      fields: KEYWORD_FIELDS,
      values: (k) => ({ keyword: k.keyword, type: k.type as KeywordForm['type'] | undefined }),
      submit: (values, k) =>
        invoke('review.updateKeyword', {
          filterType: k.service,
          id: requireId(k.id, 'keyword'),
          ...typed(values),
        }),
      done: (values) => `Keyword "${values.keyword.trim()}" updated`,
      useExtras: (k) => impactUnderButtons(k.service),
    }),
    {
      label: 'Delete',
      confirm: {
        content: 'Are you sure to the delete this keyword',
        run: (k) =>
          invoke('review.deleteKeyword', {
            filterType: k.service,
            id: requireId(k.id, 'keyword'),
          }),
        done: (k) => `Keyword "${shown(k.keyword)}" deleted`,
      },
    },
  ],
  create: {
    tab: 'Add Keyword',
    open: createModal<KeywordFilter, KeywordForm>({
      title: 'Add Keyword',
      okText: 'Add',
      fields: KEYWORD_FIELDS,
      values: () => ({}),
      submit: (values, filter) =>
        invoke('review.addKeyword', { filterType: filter.filterType, ...typed(values) }),
      done: (values) => `Keyword "${values.keyword.trim()}" added`,
      useExtras: (filter) => impactUnderButtons(filter.filterType),
    }),
  },
};
