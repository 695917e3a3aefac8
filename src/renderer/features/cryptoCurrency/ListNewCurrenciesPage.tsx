import { DownOutlined } from '@ant-design/icons';
import { App, Button, Card, Dropdown, Space, Typography } from 'antd';
import { useAtom, useAtomValue, useStore } from 'jotai';
import { useCallback, useState } from 'react';
import { NEW_CURRENCY_PAGE_SIZE } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages';
import type { Currency, NewCurrency } from '../../../shared/api/records';
import { invoke } from '../../bridge/bridge';
import { HubTabs } from '../../ui/HubTabs';
import { lastPage } from '../../ui/listPattern';
import { combinedLoad, useLoad } from '../../ui/loadState';
import { ReferenceList } from '../../ui/ReferenceList';
import { UpdateModal } from '../../ui/UpdateModal';
import {
  imageChecksAtom,
  newCurrencyCountAtom,
  newCurrencyFilterAtom,
  newCurrencyPageAtom,
  newCurrencyRowsAtom,
} from './currencyAtoms';
import {
  NEW_CURRENCY_FIELDS,
  newCurrencyFormValues,
  type NewCurrencyFormValues,
} from './currencyFields';
import { CURRENCY_TABS } from './currencyTabs';
import { OldVersionModal } from './OldVersionModal';
import { rowKeyOf } from '../../ui/rowKey';
import { shown } from '../../ui/shown';
import { QueueFilterForm } from './QueueFilterForm';
import { identityColumns, stateColumns } from './queueColumns';
import { useImageCheck } from './useImageCheck';

/**
 * /cryptoCurrency/get-newCurrencies (SPEC.md 2, New currencies): the queue of detected
 * currencies, paged on the server by 25 with the total from the count call.
 */
export default function ListNewCurrenciesPage() {
  const { message } = App.useApp();
  const store = useStore();
  const [filter, setFilter] = useAtom(newCurrencyFilterAtom);
  const [page, setPage] = useAtom(newCurrencyPageAtom);
  const imageChecks = useAtomValue(imageChecksAtom);
  const checkImage = useImageCheck();
  const [saving, setSaving] = useState<NewCurrency | null>(null);
  const [oldVersion, setOldVersion] = useState<Currency | null>(null);

  const query = useCallback(
    () => ({
      currencySymbolNameOrUniqueName: filter.contains.trim(),
      currencyId: Number(filter.currencyId),
    }),
    [filter],
  );
  const fetchCount = useCallback(() => invoke('currencies.countNewCurrencies', query()), [query]);
  const fetchRows = useCallback(
    () => invoke('currencies.getNewCurrencies', { ...query(), startIndex: page }),
    [query, page],
  );
  const [count, reloadCount] = useLoad(newCurrencyCountAtom, 0, fetchCount);
  const [rows, reloadRows] = useLoad(newCurrencyRowsAtom, [], fetchRows);

  const load = combinedLoad(count, rows);

  // SPEC.md 4: after a save the count and the page are fetched again; a page that no longer
  // exists (its last row saved) gives way to the new last page.
  const refetch = async () => {
    await reloadCount();
    const last = lastPage(store.get(newCurrencyCountAtom).data, NEW_CURRENCY_PAGE_SIZE);
    if (page > last) setPage(last);
    else await reloadRows();
  };

  const save = async (values: NewCurrencyFormValues) => {
    await invoke('currencies.saveNewCurrency', values);
    void message.success(`${values.name} saved to the catalogue`);
    void refetch();
  };

  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        List New Crypto Currencies
      </Typography.Title>
      <HubTabs tabs={CURRENCY_TABS} />
      <QueueFilterForm value={filter} onFilter={setFilter} />
      <ReferenceList<NewCurrency>
        label="New crypto currencies"
        load={load}
        // One failed call of the two empties the list (SPEC.md 4).
        rows={load.status === 'failed' ? [] : rows.data}
        total={load.status === 'failed' ? 0 : count.data}
        page={page}
        pageSize={NEW_CURRENCY_PAGE_SIZE}
        onPage={setPage}
        onRetry={() => void Promise.all([reloadCount(), reloadRows()])}
        rowKey={(c) => rowKeyOf(c.currencyId, c.uniqueName)}
        columns={[
          ...identityColumns<NewCurrency>(),
          {
            title: 'Same Currencies',
            dataIndex: 'sameCurrencySymbolList',
            render: (same: Currency[]) => (
              <Dropdown
                disabled={same.length === 0}
                trigger={['click']}
                menu={{
                  items: same.map((c, i) => ({
                    key: String(i),
                    label: `${shown(c.name)} (${shown(c.uniqueName)}) · rank ${shown(c.rank)}`,
                  })),
                  onClick: ({ key }) => setOldVersion(same[Number(key)] ?? null),
                }}
              >
                <Button size="small">
                  <Space>
                    {`Same Currencies (${same.length})`}
                    <DownOutlined />
                  </Space>
                </Button>
              </Dropdown>
            ),
          },
          ...stateColumns<NewCurrency>(),
          {
            title: 'Actions',
            fixed: 'right',
            render: (_, c) => (
              <Space>
                <Button type="primary" onClick={() => setSaving(c)}>
                  Save
                </Button>
                <Button
                  disabled={!c.uniqueName}
                  onClick={() => c.uniqueName && void checkImage(c.uniqueName)}
                >
                  Check Img
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {saving && (
        <UpdateModal<NewCurrencyFormValues>
          title={`Save New Currency ${shown(saving.name)}`}
          fields={NEW_CURRENCY_FIELDS}
          initialValues={newCurrencyFormValues(saving)}
          // SPEC.md 4: Update stays disabled until the image check of this currency is true.
          gate={(values) => {
            const uniqueName = values.uniqueName ?? saving.uniqueName;
            return uniqueName && imageChecks[uniqueName] === true
              ? null
              : MESSAGES.pleaseCheckImage;
          }}
          extraFooter={(values) => {
            const uniqueName = values.uniqueName ?? saving.uniqueName;
            return (
              <Button
                disabled={!uniqueName}
                onClick={() => uniqueName && void checkImage(uniqueName)}
              >
                Check Img
              </Button>
            );
          }}
          onSubmit={save}
          onClose={() => setSaving(null)}
        />
      )}
      {oldVersion && <OldVersionModal currency={oldVersion} onClose={() => setOldVersion(null)} />}
    </Card>
  );
}
