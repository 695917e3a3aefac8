import type { EcosystemTagRecord } from '../../../shared/api/records';
import type { PayloadOf } from '../../../shared/bridge';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { invoke } from '../../bridge/bridge';
import { modalAction } from '../../ui/resource/actions';
import { resourceState } from '../../ui/resource/resourceState';
import type { ResourceView } from '../../ui/resource/types';
import { rowKeyOf } from '../../ui/rowKey';
import { shown } from '../../ui/shown';

/** /ecosystemTag (SPEC.md 2, Ecosystem tag list): name and unique name; Update only. */
type EcosystemFilter = { contains: string };
type EcosystemTagFormValues = PayloadOf<'tags.updateEcosystemTag'>;

export const ecosystemTagView: ResourceView<EcosystemTagRecord, EcosystemFilter> = {
  label: 'Ecosystem tags',
  filter: {
    label: 'Ecosystem tag filter',
    fields: [{ name: 'contains', label: 'Ecosystem Tag Contains', width: 260 }],
    read: (values) => ({ contains: values.contains ?? '' }),
  },
  state: resourceState<EcosystemTagRecord, EcosystemFilter>({ contains: '' }),
  paging: {
    kind: 'client',
    pageSize: LIST_PAGE_SIZE,
    fetch: ({ contains }) => invoke('tags.getEcosystemTagsIncludes', { text: contains }),
  },
  rowKey: (t) => rowKeyOf(t.uniqueName, t.name),
  columns: [
    { title: 'Name', dataIndex: 'name' },
    { title: 'Unique Name', dataIndex: 'uniqueName' },
  ],
  actions: [
    modalAction<EcosystemTagRecord, EcosystemTagFormValues>({
      label: 'Update',
      title: (t) => `Update ${shown(t.name)}`,
      fields: [
        { name: 'uniqueName', label: 'Unique Name', kind: 'text', readOnly: true },
        { name: 'name', label: 'Name', kind: 'text' },
      ],
      values: (t) => ({ uniqueName: t.uniqueName, name: t.name }),
      submit: (values) => invoke('tags.updateEcosystemTag', values),
      done: (values) => `${values.name} updated`,
    }),
  ],
};
