import { App, Button, Card, Space, Typography } from 'antd';
import { useAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import type { Currency, NewVersionCurrency } from '../../../shared/api/records';
import { invoke } from '../../bridge/bridge';
import { HubTabs } from '../../ui/HubTabs';
import { clientPage } from '../../ui/listPattern';
import { useLoad } from '../../ui/loadState';
import { ReferenceList } from '../../ui/ReferenceList';
import { UpdateModal } from '../../ui/UpdateModal';
import { newVersionFilterAtom, newVersionListAtom, newVersionPageAtom } from './currencyAtoms';
import {
  NEW_VERSION_FIELDS,
  newVersionFormValues,
  type NewVersionFormValues,
} from './currencyFields';
import { CURRENCY_TABS } from './currencyTabs';
import { rowKeyOf } from '../../ui/rowKey';
import { shown } from '../../ui/shown';
import { identityColumns, stateColumns } from './queueColumns';
import { OldVersionModal } from './OldVersionModal';
import { QueueFilterForm } from './QueueFilterForm';

type Action = { kind: 'save' | 'merge'; version: NewVersionCurrency } | null;

const ACTIONS = {
  save: {
    title: 'Save New Version Currency as New Currency',
    okText: 'Save',
    channel: 'currencies.saveNewVersionAsNewCurrency',
    done: (v: NewVersionFormValues) => `${v.name} saved as a new currency`,
  },
  merge: {
    title: 'Merge new Version Currency With Old Currency',
    okText: 'Merge',
    channel: 'currencies.mergeNewVersionWithOldCurrency',
    done: (v: NewVersionFormValues) => `${v.name} merged into ${v.oldVersionCurrency}`,
  },
} as const;

/**
 * /cryptoCurrency/get-new-version-of-currencies (SPEC.md 2, New version currencies): each new
 * version next to the currency it replaces, saved as a separate currency or merged into it.
 */
export default function NewVersionCurrenciesPage() {
  const { message } = App.useApp();
  const [filter, setFilter] = useAtom(newVersionFilterAtom);
  const [page, setPage] = useAtom(newVersionPageAtom);
  const [action, setAction] = useState<Action>(null);
  const [oldVersion, setOldVersion] = useState<Currency | null>(null);
  const fetch = useCallback(
    () =>
      invoke('currencies.getNewVersionCurrencies', {
        currencySymbolNameOrUniqueName: filter.contains.trim(),
        currencyId: Number(filter.currencyId),
      }),
    [filter],
  );
  const [load, reload] = useLoad(newVersionListAtom, [], fetch);
  const visible = clientPage(load.data, page, LIST_PAGE_SIZE);

  const submit = async (values: NewVersionFormValues) => {
    if (!action) return;
    const { channel, done } = ACTIONS[action.kind];
    await invoke(channel, values);
    void message.success(done(values));
    // SPEC.md 4: after saving or merging, the new-version list is fetched again.
    void reload();
  };

  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Currency&apos;s New Version
      </Typography.Title>
      <HubTabs tabs={CURRENCY_TABS} />
      <QueueFilterForm value={filter} onFilter={setFilter} />
      <ReferenceList<NewVersionCurrency>
        label="New version currencies"
        load={load}
        rows={visible.rows}
        total={visible.total}
        page={visible.page}
        pageSize={LIST_PAGE_SIZE}
        onPage={setPage}
        onRetry={() => void reload()}
        rowKey={(v) => rowKeyOf(v.currencyId, v.uniqueName)}
        columns={[
          ...identityColumns<NewVersionCurrency>(),
          {
            title: 'Old Version',
            render: (_, v) =>
              `${shown(v.oldVersionCurrency?.currency)} · ${shown(v.oldVersionCurrency?.uniqueName)}`,
          },
          ...stateColumns<NewVersionCurrency>(),
          {
            title: 'Actions',
            fixed: 'right',
            render: (_, v) => (
              <Space>
                <Button
                  disabled={!v.oldVersionCurrency}
                  onClick={() => setOldVersion(v.oldVersionCurrency ?? null)}
                >
                  Old Version Of Currency
                </Button>
                <Button type="primary" onClick={() => setAction({ kind: 'save', version: v })}>
                  Save
                </Button>
                <Button onClick={() => setAction({ kind: 'merge', version: v })}>Merge</Button>
              </Space>
            ),
          },
        ]}
      />
      {action && (
        <UpdateModal<NewVersionFormValues>
          title={ACTIONS[action.kind].title}
          okText={ACTIONS[action.kind].okText}
          fields={NEW_VERSION_FIELDS}
          initialValues={newVersionFormValues(action.version)}
          onSubmit={submit}
          onClose={() => setAction(null)}
        />
      )}
      {oldVersion && <OldVersionModal currency={oldVersion} onClose={() => setOldVersion(null)} />}
    </Card>
  );
}
