import type { MismatchExplorerUrlRecord } from '../../../shared/api/records';
import type { PayloadOf } from '../../../shared/bridge';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { invoke } from '../../bridge/bridge';
import { modalAction } from '../../ui/resource/actions';
import { resourceState } from '../../ui/resource/resourceState';
import type { ResourceView } from '../../ui/resource/types';
import { rowKeyOf } from '../../ui/rowKey';
import { shown } from '../../ui/shown';
import { flagText } from '../../ui/updateFields';
import { compareAction, type CompareSetup } from '../../domain/duplicates/compareSetup';

/** /mismatches/get-explorerUrls (SPEC.md 2): loads on open; Match and Delete. */
type ExplorerUrlFormValues = PayloadOf<'mismatches.matchMismatchExplorerUrl'>;

/** SPEC.md 3 calls the flag specific; it is sent as isSpecific, and read under either name. */
const specificOf = (u: MismatchExplorerUrlRecord) => u.isSpecific ?? u.specific;

/** The Delete body of a url, as its row's Delete sends it. */
const deleteBody = (u: MismatchExplorerUrlRecord) => ({
  uniqueName: u.uniqueName ?? '',
  url: u.url ?? '',
  name: u.name ?? '',
  isSpecific: specificOf(u) ?? false,
});

/** Match: SPEC.md's own modal, from the row or from the compare view. */
const matchAction = modalAction<MismatchExplorerUrlRecord, ExplorerUrlFormValues>({
  label: 'Match',
  look: 'primary',
  title: 'Match Explorer Url',
  okText: 'Match',
  fields: [
    { name: 'uniqueName', label: 'Unique Name', kind: 'text' },
    { name: 'url', label: 'Url', kind: 'text' },
    { name: 'name', label: 'Name', kind: 'text', required: false },
    // SPEC.md 5: the explorer form's flag is free text.
    { name: 'isSpecific', label: 'Is Specific', kind: 'flag' },
  ],
  values: (u) => ({
    uniqueName: u.uniqueName,
    url: u.url,
    name: u.name,
    isSpecific: flagText(specificOf(u)),
  }),
  submit: (values) => invoke('mismatches.matchMismatchExplorerUrl', values),
  done: (values) => `Explorer url matched to ${values.uniqueName}`,
});

/**
 * Compare a url's currency with the catalogue (issue 49): the currency it most likely belongs to
 * beside it; Match opens from it with the unique name and name picked, for a url whose unique name
 * is not the catalogue's.
 */
const compare: CompareSetup<MismatchExplorerUrlRecord> = {
  kind: 'currency',
  fields: [
    { name: 'url', label: 'Url' },
    { name: 'uniqueName', label: 'Unique Name', pick: true },
    { name: 'name', label: 'Name', pick: true },
    { name: 'website', label: 'Website' },
    { name: 'currency', label: 'Currency' },
  ],
  rowKey: (u) => rowKeyOf(u.uniqueName, u.url),
  actions: () => [matchAction],
};

export const explorerUrlView: ResourceView<MismatchExplorerUrlRecord, Record<string, never>> = {
  label: 'Mismatched explorer urls',
  filter: { label: 'Explorer url filter', fields: [] },
  state: resourceState<MismatchExplorerUrlRecord, Record<string, never>>({}),
  paging: {
    kind: 'client',
    pageSize: LIST_PAGE_SIZE,
    fetch: () => invoke('mismatches.getMismatchExplorerUrls', {}),
  },
  rowKey: (u) => rowKeyOf(u.uniqueName, u.url),
  columns: [
    { title: 'Url', dataIndex: 'url' },
    { title: 'Unique Name', dataIndex: 'uniqueName', width: 220 },
  ],
  actions: [
    matchAction,
    {
      label: 'Delete',
      confirm: {
        content: 'Are you sure you want to delete this Url',
        run: (u) => invoke('mismatches.deleteMismatchExplorerUrl', deleteBody(u)),
        done: (u) => `Explorer url ${shown(u.url)} deleted`,
      },
    },
    compareAction(compare),
  ],
  // A url's History is its own (its unique name names a currency's).
  historyTarget: (u) => u.url ?? null,
  // Chosen urls deleted, or matched to the unique name each names, as one run (issue 49).
  bulk: [
    {
      label: 'Delete',
      channel: 'mismatches.deleteMismatchExplorerUrl',
      noun: 'explorer urls',
      target: (u) => shown(u.url),
      payload: deleteBody,
    },
    {
      label: 'Match',
      channel: 'mismatches.matchMismatchExplorerUrl',
      noun: 'explorer urls to the unique name each names',
      target: (u) => shown(u.url),
      payload: deleteBody,
    },
  ],
};
