import type { CryptoTagRecord } from '../../../shared/api/records';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { invoke } from '../../bridge/bridge';
import { createModal, modalAction } from '../../ui/resource/actions';
import { resourceState } from '../../ui/resource/resourceState';
import type { ResourceView } from '../../ui/resource/types';
import { rowKeyOf } from '../../ui/rowKey';
import { shown } from '../../ui/shown';
import {
  ADD_CRYPTO_TAG_FIELDS,
  CRYPTO_TAG_UPDATE_FIELDS,
  cryptoTagFormValues,
  usagesFromText,
  type AddCryptoTagFormValues,
  type CryptoTagFormValues,
} from './cryptoTagFields';

/** /cryptoTag and /cryptoTag/listTags (SPEC.md 2, Crypto tag list): filter 'Contains'. */
type TagFilter = { contains: string };

export const cryptoTagView: ResourceView<CryptoTagRecord, TagFilter> = {
  label: 'Crypto tags',
  filter: {
    label: 'Crypto tag filter',
    fields: [{ name: 'contains', label: 'Contains', width: 260 }],
    read: (values) => ({ contains: values.contains ?? '' }),
  },
  state: resourceState<CryptoTagRecord, TagFilter>({ contains: '' }),
  paging: {
    kind: 'client',
    pageSize: LIST_PAGE_SIZE,
    fetch: ({ contains }) => invoke('tags.getCryptoTagsIncludes', { text: contains }),
  },
  rowKey: (t) => rowKeyOf(t.uniqueName, t.name),
  columns: [
    { title: 'Name', dataIndex: 'name' },
    { title: 'Unique Name', dataIndex: 'uniqueName' },
    { title: 'Search', dataIndex: 'search', width: 80 },
    { title: 'Display On Apps', dataIndex: 'displayOnApps', width: 120 },
  ],
  removable: [
    {
      title: 'Usages',
      values: (t) => t.usages,
      removeLabel: 'Remove usage',
      confirm: 'Are You Sure The Delete This Usage',
      remove: (t, usage) =>
        invoke('tags.deleteUsageOfCryptoTag', { uniqueName: t.uniqueName ?? '', usage }),
      done: (t, usage) => `Usage "${usage}" removed from ${shown(t.name)}`,
    },
  ],
  actions: [
    modalAction<CryptoTagRecord, CryptoTagFormValues>({
      label: 'Update',
      title: (t) => `Update ${shown(t.name)}`,
      fields: CRYPTO_TAG_UPDATE_FIELDS,
      values: cryptoTagFormValues,
      submit: (values) => invoke('tags.updateCryptoTag', values),
      done: (values) => `${values.name} updated`,
    }),
  ],
  create: {
    tab: 'Add Crypto Tag',
    open: createModal<TagFilter, AddCryptoTagFormValues>({
      title: 'Add Crypto Tag',
      okText: 'Add',
      fields: ADD_CRYPTO_TAG_FIELDS,
      values: () => ({}),
      submit: (values) =>
        invoke('tags.addCryptoTag', { ...values, usages: usagesFromText(values.usages) }),
      done: (values) => `Crypto tag ${values.name} added`,
    }),
  },
};
