import {
  App as AntApp,
  Button,
  Card,
  Flex,
  Input,
  Result,
  Select,
  Space,
  Table,
  Tabs,
  Typography,
} from 'antd';
import { useAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import type { Keyword } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';
import { requireId } from '../../ui/recordId';
import { shownCell } from '../../ui/shown';
import { invoke } from '../../bridge/bridge';
import { useConfirm } from '../../ui/confirmAction';
import { clientPage, ListPager, rangeHeader } from '../../ui/listPattern';
import { RemovableTags } from '../../ui/RemovableTags';
import { UpdateModal } from '../../ui/UpdateModal';
import { useLoad } from '../../ui/loadState';
import { keywordFilterAtom, keywordListAtom, keywordPageAtom } from './keywordAtoms';
import { KEYWORD_FIELDS, type KeywordFormValues } from './keywordFields';

type Editing = { mode: 'add' } | { mode: 'update'; keyword: Keyword } | null;

/** /keyword/get-keywords (SPEC.md 2, Keyword screen): curate each service's keyword list. */
export default function ListKeywordsPage() {
  const { message } = AntApp.useApp();
  const [filter, setFilter] = useAtom(keywordFilterAtom);
  const [page, setPage] = useAtom(keywordPageAtom);
  const [draft, setDraft] = useState(filter);
  const [editing, setEditing] = useState<Editing>(null);
  const fetch = useCallback(() => {
    const text = filter.contains.trim();
    return text
      ? invoke('review.getKeywordsIncludes', { filterType: filter.filterType, text })
      : invoke('review.getKeywords', { filterType: filter.filterType });
  }, [filter]);
  // SPEC.md 4: a failed call empties the list and keeps the error message.
  const [load, reload] = useLoad(keywordListAtom, [], fetch);
  const rows = load.data;
  const shown = clientPage(rows, page, LIST_PAGE_SIZE);

  const confirmAction = useConfirm();
  const confirm = (content: string, action: () => Promise<unknown>, done: string) =>
    confirmAction({ content, action, done, after: reload });

  const save = async (values: KeywordFormValues) => {
    if (editing?.mode === 'update') {
      await invoke('review.updateKeyword', {
        filterType: filter.filterType,
        id: requireId(editing.keyword.id, 'keyword'),
        ...values,
      });
      void message.success(`Keyword "${values.keyword}" updated`);
    } else {
      await invoke('review.addKeyword', { filterType: filter.filterType, ...values });
      void message.success(`Keyword "${values.keyword}" added`);
    }
    void reload();
  };

  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        List Keywords
      </Typography.Title>
      <Flex gap={12} wrap align="end" role="form" aria-label="Keyword filter">
        <Select<FilterType>
          aria-label="Filter Type"
          style={{ width: 120 }}
          value={draft.filterType}
          onChange={(filterType) => setDraft({ ...draft, filterType })}
          options={[
            { value: 'tweets', label: 'Tweets' },
            { value: 'news', label: 'News' },
          ]}
        />
        <Input
          aria-label="Contains"
          placeholder="Contains"
          style={{ width: 220 }}
          value={draft.contains}
          onChange={(e) => setDraft({ ...draft, contains: e.target.value })}
          onPressEnter={() => {
            setFilter(draft);
          }}
          allowClear
        />
        <Button
          type="primary"
          onClick={() => {
            setFilter(draft);
            if (draft === filter) void reload();
          }}
        >
          Filter
        </Button>
      </Flex>
      <Tabs
        activeKey="list"
        onTabClick={(key) => key === 'add' && setEditing({ mode: 'add' })}
        items={[
          { key: 'list', label: 'List Keywords' },
          { key: 'add', label: 'Add Keyword' },
        ]}
      />
      {load.status === 'failed' ? (
        <Result
          status="error"
          title="The keywords could not be loaded"
          subTitle={load.message}
          extra={<Button onClick={() => void reload()}>Try Again</Button>}
        />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text strong role="status" aria-label="Result range">
            {rangeHeader(shown.page, LIST_PAGE_SIZE, shown.rows.length, shown.total)}
          </Typography.Text>
          <Table<Keyword>
            rowKey="id"
            size="middle"
            loading={load.status === 'loading'}
            dataSource={shown.rows}
            pagination={false}
            columns={[
              { title: 'Keyword', dataIndex: 'keyword', render: shownCell },
              { title: 'Type', dataIndex: 'type', width: 220, render: shownCell },
              {
                title: 'Unwanted Usages',
                dataIndex: 'unwantedUsages',
                render: (usages: string[], keyword) => (
                  <RemovableTags
                    values={usages}
                    removeLabel="Remove"
                    onRemove={(usage) =>
                      confirm(
                        'Are You Sure The Delete This Unwanted Usage',
                        () =>
                          invoke('review.deleteUnwantedUsage', {
                            filterType: filter.filterType,
                            id: requireId(keyword.id, 'keyword'),
                            keyword: keyword.keyword,
                            unwantedUsage: usage,
                          }),
                        `Unwanted usage "${usage}" removed`,
                      )
                    }
                  />
                ),
              },
              {
                title: 'Actions',
                width: 200,
                render: (_, keyword) => (
                  <Space>
                    <Button onClick={() => setEditing({ mode: 'update', keyword })}>Update</Button>
                    <Button
                      danger
                      onClick={() =>
                        confirm(
                          'Are you sure to the delete this keyword',
                          () =>
                            invoke('review.deleteKeyword', {
                              filterType: filter.filterType,
                              id: requireId(keyword.id, 'keyword'),
                            }),
                          `Keyword "${keyword.keyword}" deleted`,
                        )
                      }
                    >
                      Delete
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
          <ListPager
            page={shown.page}
            pageSize={LIST_PAGE_SIZE}
            total={rows.length}
            onChange={setPage}
          />
        </Space>
      )}
      {editing && (
        <UpdateModal<KeywordFormValues>
          title={editing.mode === 'add' ? 'Add Keyword' : 'Update Keyword'}
          okText={editing.mode === 'add' ? 'Add' : 'Update'}
          fields={KEYWORD_FIELDS}
          initialValues={
            editing.mode === 'update'
              ? {
                  keyword: editing.keyword.keyword,
                  type: editing.keyword.type as KeywordFormValues['type'] | undefined,
                }
              : {}
          }
          onSubmit={(values) => save({ ...values, keyword: values.keyword.trim() })}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
