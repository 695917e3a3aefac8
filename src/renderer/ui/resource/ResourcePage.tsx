import { Button, Card, Space, Tabs, Tooltip, Typography } from 'antd';
import { useSetAtom } from 'jotai';
import { useState, type ReactNode } from 'react';
import { dropDraft, dropDrafts, keepDraft, readDraft } from '../../session/drafts';
import { useConfirm } from '../confirmAction';
import type { ScreenProps } from '../screens';
import { AreaTabs } from './AreaTabs';
import { ReferenceList } from './ReferenceList';
import { RemovableTags } from './RemovableTags';
import type { ActionContext, FilterValues, RecordAction, ResourceView } from './types';
import { FilterForm } from './FilterForm';
import { useResourceRows } from './useResourceRows';

function noActions<Row>(): readonly RecordAction<Row>[] {
  return [];
}

/** Which form of the view is open, kept so that it opens again after a session ends under it. */
type OpenForm<Row> = { kind: 'action'; label: string; row: Row } | { kind: 'create' };

/**
 * Renders a declared list view (types.ts): heading and tabs, filter form, the list pattern, the
 * removable list fields, each row's actions and what they open. One modal at a time.
 */
export function ResourcePage<Row extends object, F extends FilterValues>({
  view,
  title,
  tabs,
}: ScreenProps & {
  view: ResourceView<Row, F>;
}) {
  const list = useResourceRows(view);
  const setFilter = useSetAtom(view.state.filterAtom);
  const confirm = useConfirm();
  const draftKey = `resource:${title}:`;
  // What is open, as data: a form that was open when the session ended opens again, with what
  // was typed in it (drafts.ts); other modals (read-only views) are kept as they are.
  const [open, setOpen] = useState<OpenForm<Row> | { kind: 'node'; node: ReactNode } | null>(
    () => readDraft<OpenForm<Row>>(`${draftKey}open`) ?? null,
  );
  const setOpened = (node: ReactNode) => setOpen(node === null ? null : { kind: 'node', node });
  const context: ActionContext = {
    close: () => {
      setOpen(null);
      dropDrafts(draftKey);
    },
    reload: list.reload,
    formDraftKey: `${draftKey}form`,
  };

  const useExtraActions = view.useActions ?? noActions<Row>;
  const createLabel =
    typeof view.create?.tab === 'function' ? view.create.tab(list.filter) : view.create?.tab;
  const actions = [...(view.actions ?? []), ...useExtraActions()];
  const openForm = (form: OpenForm<Row>) => {
    dropDraft(`${draftKey}form`);
    keepDraft(`${draftKey}open`, form);
    setOpen(form);
  };
  const openCreate = () => openForm({ kind: 'create' });
  let opened: ReactNode = null;
  if (open?.kind === 'node') opened = open.node;
  if (open?.kind === 'create') opened = view.create?.open(context, list.filter) ?? null;
  if (open?.kind === 'action')
    // Several actions may share a label (one Update per account kind): the one for this row.
    opened =
      actions
        .find((a) => a.label === open.label && (a.visible?.(open.row) ?? true))
        ?.open?.(open.row, context) ?? null;

  const act = (action: RecordAction<Row>, row: Row) => {
    if (action.open) openForm({ kind: 'action', label: action.label, row });
    else if (action.confirm) {
      const { title, content, run, done } = action.confirm;
      confirm({ title, content, action: () => run(row), done: done(row), after: list.reload });
    } else action.run?.(row, context);
  };

  const removableColumns = (view.removable ?? []).map((field) => ({
    title: field.title,
    key: field.title,
    // Wide enough for a few entries, which then wrap instead of sliding under the actions.
    width: 260,
    render: (_: unknown, row: Row) => (
      <RemovableTags
        values={field.values(row)}
        removeLabel={field.removeLabel}
        onRemove={(value) =>
          confirm({
            content: field.confirm,
            action: () => field.remove(row, value),
            done: field.done(row, value),
            after: list.reload,
          })
        }
      />
    ),
  }));
  const actionColumn = actions.length
    ? [
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'right' as const,
          render: (_: unknown, row: Row) => (
            <Space>
              {actions
                .filter((action) => action.visible?.(row) ?? true)
                .map((action) => {
                  const why = action.disabled?.(row) ?? null;
                  const button = (
                    <Button
                      key={action.label}
                      type={action.look === 'primary' ? 'primary' : 'default'}
                      danger={action.look === 'danger' || action.confirm !== undefined}
                      disabled={why !== null}
                      onClick={() => act(action, row)}
                    >
                      {action.label}
                    </Button>
                  );
                  return why ? (
                    <Tooltip key={action.label} title={why}>
                      <span>{button}</span>
                    </Tooltip>
                  ) : (
                    button
                  );
                })}
            </Space>
          ),
        },
      ]
    : [];

  return (
    <Card>
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {tabs && <AreaTabs tabs={tabs} />}
      {view.create && view.create.as !== 'button' && (
        <Tabs
          activeKey="list"
          onTabClick={(key) => key === 'create' && openCreate()}
          items={[
            { key: 'list', label: title },
            { key: 'create', label: createLabel },
          ]}
        />
      )}
      {/* A list that loads on open and has no filter (SPEC.md 2: new markets) shows no form. */}
      {view.filter.fields.length > 0 && (
        <FilterForm
          label={view.filter.label}
          fields={view.filter.fields}
          value={list.filter}
          draftKey={`filter:${title}`}
          onFilter={(values) =>
            setFilter(view.filter.read ? view.filter.read(values) : (values as F))
          }
        />
      )}
      {view.create?.as === 'button' && (
        <Button type="primary" style={{ marginBottom: 12 }} onClick={openCreate}>
          {createLabel}
        </Button>
      )}
      <ReferenceList<Row>
        label={view.label}
        noun={view.noun}
        load={list.load}
        rows={list.rows}
        total={list.total}
        page={list.page}
        pageSize={list.pageSize}
        onPage={list.setPage}
        onRetry={() => void list.retry()}
        rowKey={view.rowKey}
        expandable={view.expand ? { expandedRowRender: view.expand } : undefined}
        columns={[
          ...(typeof view.columns === 'function'
            ? view.columns({ open: setOpened, close: context.close, filter: list.filter })
            : view.columns),
          ...removableColumns,
          ...actionColumn,
        ]}
      />
      {view.footer}
      {opened}
    </Card>
  );
}
