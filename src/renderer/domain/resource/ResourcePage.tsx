import { Button, Card, Space, Tabs, Tooltip, Typography } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { memo, useCallback, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { ExportSource } from '../../../shared/export';
import { dropDraft, dropDrafts, keepDraft, readDraft } from '../../session/drafts';
import { useConfirm } from '../../ui/confirmAction';
import { ExportButton } from '../export/ExportButton';
import { prefsAtom } from '../prefs/prefsState';
import type { ScreenProps } from '../screens/screens';
import { ViewsMenu } from '../views/ViewsMenu';
import { AreaTabs } from '../../ui/resource/AreaTabs';
import { ColumnChooser } from './ColumnChooser';
import { chooseColumns } from '../../ui/resource/columnChoice';
import { ReferenceList } from '../../ui/resource/ReferenceList';
import { RemovableTags } from '../../ui/resource/RemovableTags';
import { useRowButtonClass } from '../../ui/resource/rowButton';
import type {
  ActionContext,
  FilterValues,
  RecordAction,
  ResourceView,
} from '../../ui/resource/types';
import { FilterForm } from '../../ui/resource/FilterForm';
import { useFilterInUrl } from './useFilterInUrl';
import { useStableCallback } from '../../ui/useStableCallback';
import { useResourceRows } from '../../ui/resource/useResourceRows';

/** A title as a file name: 'List Crypto Currencies' is 'list-crypto-currencies'. */
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'list';

/**
 * A row's action buttons side by side, as Ant Design's Space (small) lays them out, in a plain
 * element: the cell is drawn on every row of a page, and Space's style hooks and item wrappers
 * cost on each (issue 25).
 */
const ROW_ACTIONS: CSSProperties = { display: 'inline-flex', alignItems: 'center', gap: 8 };

/**
 * A view without extra actions: the same empty array on every render. A new one each time made
 * the actions column, and so every cell of the list's 50 rows, new on each of a Filter click's
 * renders (four or five), where the rows should be drawn once, for the rows the answer brings.
 */
const NO_ACTIONS: readonly never[] = [];
function noActions<Row>(): readonly RecordAction<Row>[] {
  return NO_ACTIONS;
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
  // Before the rows are read: a list opened on a link loads that link's filter first.
  useFilterInUrl(view);
  const list = useResourceRows(view);
  const { pathname } = useLocation();
  const columnChoice = useAtomValue(prefsAtom).columns[pathname];
  const loadedRows = useAtomValue(view.state.rowsAtom).data;
  const setFilter = useSetAtom(view.state.filterAtom);
  const confirm = useConfirm();
  const draftKey = `resource:${title}:`;
  // What is open, as data: a form that was open when the session ended opens again, with what
  // was typed in it (drafts.ts); other modals (read-only views) are kept as they are.
  const [open, setOpen] = useState<OpenForm<Row> | { kind: 'node'; node: ReactNode } | null>(
    () => readDraft<OpenForm<Row>>(`${draftKey}open`) ?? null,
  );
  // Stable, as a view's columns are built with them and kept (below).
  const setOpened = useCallback(
    (node: ReactNode) => setOpen(node === null ? null : { kind: 'node', node }),
    [],
  );
  const closeForm = useCallback(() => {
    setOpen(null);
    dropDrafts(draftKey);
  }, [draftKey]);
  const context: ActionContext = {
    close: closeForm,
    reload: list.reload,
    formDraftKey: `${draftKey}form`,
  };

  const useExtraActions = view.useActions ?? noActions<Row>;
  const createLabel =
    typeof view.create?.tab === 'function' ? view.create.tab(list.filter) : view.create?.tab;
  const extraActions = useExtraActions();
  const actions = useMemo(
    () => [...(view.actions ?? []), ...extraActions],
    [view.actions, extraActions],
  );
  const openForm = (form: OpenForm<Row>) => {
    dropDraft(`${draftKey}form`);
    keepDraft(`${draftKey}open`, form);
    setOpen(form);
  };
  const openCreate = useStableCallback(() => openForm({ kind: 'create' }));
  let opened: ReactNode = null;
  if (open?.kind === 'node') opened = open.node;
  if (open?.kind === 'create') opened = view.create?.open(context, list.filter) ?? null;
  if (open?.kind === 'action')
    // Several actions may share a label (one Update per account kind): the one for this row.
    opened =
      actions
        .find((a) => a.label === open.label && (a.visible?.(open.row) ?? true))
        ?.open?.(open.row, context) ?? null;

  // Stable handlers and memoised columns: the list renders several times while a filter loads,
  // and new columns would draw every cell of its 50 rows again each time (issue 25).
  const act = useStableCallback((action: RecordAction<Row>, row: Row) => {
    if (action.open) openForm({ kind: 'action', label: action.label, row });
    else if (action.confirm) {
      const { title, content, run, done } = action.confirm;
      confirm({ title, content, action: () => run(row), done: done(row), after: list.reload });
    } else action.run?.(row, context);
  });
  const removeValue = useStableCallback(
    (field: NonNullable<typeof view.removable>[number], row: Row, value: string) =>
      confirm({
        content: field.confirm,
        action: () => field.remove(row, value),
        done: field.done(row, value),
        after: list.reload,
      }),
  );

  const removableColumns = useMemo(
    () =>
      (view.removable ?? []).map((field) => ({
        title: field.title,
        key: field.title,
        // Wide enough for a few entries, which then wrap instead of sliding under the actions.
        width: 260,
        render: (_: unknown, row: Row) => (
          <RemovableTags
            values={field.values(row)}
            removeLabel={field.removeLabel}
            onRemove={(value) => removeValue(field, row, value)}
          />
        ),
      })),
    [view.removable, removeValue],
  );
  // Each row's buttons are plain ones in Ant Design's button classes (rowButton.ts).
  const buttonClass = useRowButtonClass();
  const actionColumn = useMemo(
    () =>
      actions.length
        ? [
            {
              title: 'Actions',
              key: 'actions',
              fixed: 'right' as const,
              render: (_: unknown, row: Row) => (
                <div style={ROW_ACTIONS}>
                  {actions
                    .filter((action) => action.visible?.(row) ?? true)
                    .map((action) => {
                      const why = action.disabled?.(row) ?? null;
                      const button = (
                        <button
                          type="button"
                          key={action.label}
                          className={buttonClass({
                            primary: action.look === 'primary',
                            danger: action.look === 'danger' || action.confirm !== undefined,
                          })}
                          disabled={why !== null}
                          onClick={() => act(action, row)}
                        >
                          <span>{action.label}</span>
                        </button>
                      );
                      return why ? (
                        <Tooltip key={action.label} title={why}>
                          <span>{button}</span>
                        </Tooltip>
                      ) : (
                        button
                      );
                    })}
                </div>
              ),
            },
          ]
        : [],
    [actions, act, buttonClass],
  );

  const viewColumns = useMemo(
    () =>
      typeof view.columns === 'function'
        ? view.columns({ open: setOpened, close: closeForm, filter: list.filter })
        : view.columns,
    [view, setOpened, closeForm, list.filter],
  );
  const ownColumns = useMemo(
    () => [...viewColumns, ...removableColumns],
    [viewColumns, removableColumns],
  );
  // The user's choice of columns (issue 23, item 5); the Actions column always stays, last.
  const chosen = useMemo(() => chooseColumns(ownColumns, columnChoice), [ownColumns, columnChoice]);
  const shownColumns = useMemo(() => chosen.filter((entry) => !entry.hidden), [chosen]);
  const tableColumns = useMemo(
    () => [...shownColumns.map((entry) => entry.column), ...actionColumn],
    [shownColumns, actionColumn],
  );
  const { paging } = view;
  // Stable handlers and props for the memoised heading, filter form and buttons: a Filter click
  // renders the page three times (filter, loading, rows), and only the list changes (issue 25).
  const canExport = paging.kind === 'client' || paging.exportSource !== undefined;
  const exportSource = useStableCallback((): ExportSource =>
    paging.kind === 'client'
      ? { kind: 'rows', rows: loadedRows as Record<string, unknown>[] }
      : { kind: 'pages', ...paging.exportSource!(list.filter), total: list.total },
  );
  const exportColumns = useMemo(
    () =>
      shownColumns.map(({ column, key, title: heading }) => ({
        // The row's field where the column shows one; otherwise its key.
        key: fieldOf(column) ?? key,
        title: heading,
      })),
    [shownColumns],
  );
  const onFilter = useStableCallback((values: FilterValues) =>
    setFilter(view.filter.read ? view.filter.read(values) : (values as F)),
  );
  const hasFilter = view.filter.fields.length > 0;

  return (
    <Card>
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {tabs && <AreaTabs tabs={tabs} />}
      {view.create && view.create.as !== 'button' && (
        <CreateTabs title={title} createLabel={createLabel} onCreate={openCreate} />
      )}
      {/* A list that loads on open and has no filter (SPEC.md 2: new markets) shows no form. */}
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 8 }}>
        {hasFilter && (
          <FilterForm
            label={view.filter.label}
            fields={view.filter.fields}
            value={list.filter}
            draftKey={`filter:${title}`}
            onFilter={onFilter}
          />
        )}
        <Space wrap size="small" style={{ marginBottom: 8 }}>
          {hasFilter && <ViewsMenu path={pathname} />}
          <ColumnChooser path={pathname} label={view.label} chosen={chosen} />
          {canExport && (
            <ExportButton
              label={view.label}
              fileName={slugOf(title)}
              source={exportSource}
              columns={exportColumns}
              total={list.load.status === 'failed' ? null : list.total}
            />
          )}
        </Space>
      </div>
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
        expand={view.expand}
        columns={tableColumns}
      />
      {view.footer}
      {opened}
    </Card>
  );
}

/** The list's tab beside its create tab (SPEC.md 2: 'Add Keyword'); drawn again only when they change. */
const CreateTabs = memo(function CreateTabs(props: {
  title: string;
  createLabel: string | undefined;
  onCreate(): void;
}) {
  const { title, createLabel, onCreate } = props;
  const items = useMemo(
    () => [
      { key: 'list', label: title },
      { key: 'create', label: createLabel },
    ],
    [title, createLabel],
  );
  return (
    <Tabs activeKey="list" onTabClick={(key) => key === 'create' && onCreate()} items={items} />
  );
});

/** The row field a column shows ('a.b' for a nested one), if it names one. */
function fieldOf(column: object): string | null {
  const { dataIndex } = column as { dataIndex?: unknown };
  if (Array.isArray(dataIndex)) return dataIndex.join('.');
  if (typeof dataIndex === 'string' || typeof dataIndex === 'number') return String(dataIndex);
  return null;
}
