import { App, Button, Card, Space, Typography } from 'antd';
import { useAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import type { Currency, NewVersionCurrency } from '../../../shared/currency';
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
import { identityColumns, stateColumns } from './queueColumns';
import { OldVersionModal } from './OldVersionModal';
import { QueueFilterForm } from './QueueFilterForm';

type Action = { kind: 'save' | 'merge'; version: NewVersionCurrency } | null;

const ACTIONS = {
  save: {
    title: 'Save New Version Currency as New Currency',
    okText: 'Save',
    channel: 'newVersions.saveAsNew',
    done: (v: NewVersionFormValues) => `${v.name} saved as a new currency`,
  },
  merge: {
    title: 'Merge new Version Currency With Old Currency',
    okText: 'Merge',
    channel: 'newVersions.merge',
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
      invoke('newVersions.list', {
        contains: filter.contains,
        currencyId: Number(filter.currencyId),
      }),
    [filter],
  );
  const [load, reload] = useLoad(newVersionListAtom, [], fetch);
  const shown = clientPage(load.data, page, LIST_PAGE_SIZE);

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
        rows={shown.rows}
        total={shown.total}
        page={shown.page}
        pageSize={LIST_PAGE_SIZE}
        onPage={setPage}
        onRetry={() => void reload()}
        rowKey={(v) => v.currencyId}
        columns={[
          ...identityColumns<NewVersionCurrency>(),
          {
            title: 'Old Version',
            render: (_, v) =>
              `${v.oldVersionCurrency.currency} · ${v.oldVersionCurrency.uniqueName}`,
          },
          ...stateColumns<NewVersionCurrency>(),
          {
            title: 'Actions',
            fixed: 'right',
            render: (_, v) => (
              <Space>
                <Button onClick={() => setOldVersion(v.oldVersionCurrency)}>
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
