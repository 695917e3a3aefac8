import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { CURRENCY_PAGE_SIZE } from '../../../shared/constants';
import type { Currency } from '../../../shared/api/records';
import { invoke } from '../../bridge/bridge';
import { useConfirm } from '../../ui/confirmAction';
import { HubTabs } from '../../ui/HubTabs';
import { ListFilterForm } from '../../ui/ListFilterForm';
import { clientPage } from '../../ui/listPattern';
import { useLoad } from '../../ui/loadState';
import { ReferenceList } from '../../ui/ReferenceList';
import { RemovableTags } from '../../ui/RemovableTags';
import { UpdateModal } from '../../ui/UpdateModal';
import { currencyFilterAtom, currencyListAtom, currencyPageAtom } from './currencyAtoms';
import {
  CURRENCY_UPDATE_FIELDS,
  currencyFormValues,
  type CurrencyFormValues,
} from './currencyFields';
import { rowKeyOf } from '../../ui/rowKey';
import { shown, shownCell } from '../../ui/shown';
import { CurrencyDetails } from './CurrencyDetails';
import { CURRENCY_TABS } from './currencyTabs';

/** /cryptoCurrency/get-currencies (SPEC.md 2, Currency list): the catalogue, 50 to a page. */
export default function ListCurrenciesPage() {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [filter, setFilter] = useAtom(currencyFilterAtom);
  const [page, setPage] = useAtom(currencyPageAtom);
  const [editing, setEditing] = useState<Currency | null>(null);
  const fetch = useCallback(() => {
    const text = filter.contains.trim();
    return text
      ? invoke('currencies.getCurrenciesIncludes', { text })
      : invoke('currencies.getCurrencies', {});
  }, [filter]);
  const [load, reload] = useLoad(currencyListAtom, [], fetch);

  const visible = clientPage(load.data, page, CURRENCY_PAGE_SIZE);

  const removeFrom = (currency: Currency, kind: 'tag' | 'usage') => (value: string) =>
    confirm(
      kind === 'tag'
        ? {
            content: 'Are You Sure The Delete This Tag',
            action: () =>
              invoke('currencies.deleteTagOfCurrency', {
                uniqueName: currency.uniqueName ?? '',
                tag: value,
              }),
            done: `Tag "${value}" removed from ${shown(currency.name)}`,
            after: reload,
          }
        : {
            content: 'Are You Sure The Delete This Unwanted Usage',
            action: () =>
              invoke('currencies.deleteUnwantedUsageOfCurrency', {
                uniqueName: currency.uniqueName ?? '',
                unwantedUsage: value,
              }),
            done: `Unwanted usage "${value}" removed from ${shown(currency.name)}`,
            after: reload,
          },
    );

  const save = async (values: CurrencyFormValues) => {
    await invoke('currencies.updateCurrency', values);
    void message.success(`${values.name} updated`);
    void reload();
  };

  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        List Crypto Currencies
      </Typography.Title>
      <HubTabs tabs={CURRENCY_TABS} />
      <ListFilterForm
        label="Currency filter"
        initialValues={filter}
        // A new filter object, even with the same text, loads the list again from page 0.
        onFilter={(next) => setFilter({ contains: next.contains ?? '' })}
      >
        <Form.Item name="contains">
          <Input
            aria-label="Currency Contains"
            placeholder="Currency Contains"
            allowClear
            style={{ width: 260 }}
          />
        </Form.Item>
      </ListFilterForm>
      <ReferenceList<Currency>
        label="Crypto currencies"
        load={load}
        rows={visible.rows}
        total={visible.total}
        page={visible.page}
        pageSize={CURRENCY_PAGE_SIZE}
        onPage={setPage}
        onRetry={() => void reload()}
        rowKey={(c) => rowKeyOf(c.uniqueName, c.currencyId)}
        expandable={{ expandedRowRender: (c) => <CurrencyDetails currency={c} /> }}
        columns={[
          { title: 'Rank', dataIndex: 'rank', width: 70 },
          { title: 'Currency', dataIndex: 'currency', width: 90 },
          { title: 'Name', dataIndex: 'name' },
          { title: 'Unique Name', dataIndex: 'uniqueName' },
          { title: 'Active', dataIndex: 'active', render: shownCell, width: 80 },
          {
            title: 'Search With Currency',
            dataIndex: 'searchWithCurrency',
            render: shownCell,
            width: 110,
          },
          {
            title: 'Tags',
            dataIndex: 'tags',
            render: (tags: string[], c) => (
              <RemovableTags
                values={tags}
                removeLabel="Remove tag"
                onRemove={removeFrom(c, 'tag')}
              />
            ),
          },
          {
            title: 'Unwanted Usages',
            dataIndex: 'unwantedUsages',
            render: (usages: string[], c) => (
              <RemovableTags
                values={usages}
                removeLabel="Remove unwanted usage"
                onRemove={removeFrom(c, 'usage')}
              />
            ),
          },
          {
            title: 'Actions',
            fixed: 'right',
            render: (_, c) => <Button onClick={() => setEditing(c)}>Update</Button>,
          },
        ]}
      />
      {editing && (
        <UpdateModal<CurrencyFormValues>
          title={`Update ${shown(editing.name)}`}
          fields={CURRENCY_UPDATE_FIELDS}
          initialValues={currencyFormValues(editing)}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
