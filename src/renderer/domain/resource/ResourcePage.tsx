import { Button, Card, Space, Typography } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { dropDraft, dropDrafts, keepDraft, readDraft } from '../../session/drafts';
import { useConfirm } from '../../ui/confirmAction';
import { AreaTabs } from '../../ui/resource/AreaTabs';
import { chooseColumns } from '../../ui/resource/columnChoice';
import { CreateTabs } from '../../ui/resource/CreateTabs';
import { FilterForm } from '../../ui/resource/FilterForm';
import { ReferenceList } from '../../ui/resource/ReferenceList';
import { RemovableTags } from '../../ui/resource/RemovableTags';
import type {
  ActionContext,
  FilterValues,
  RecordAction,
  ResourceView,
} from '../../ui/resource/types';
import { useActionColumn } from '../../ui/resource/useActionColumn';
import { useResourceRows } from '../../ui/resource/useResourceRows';
import { useStableCallback } from '../../ui/useStableCallback';
import { ExportButton } from '../export/ExportButton';
import { prefsAtom } from '../prefs/prefsState';
import type { ScreenProps } from '../screens/screens';
import { ViewsMenu } from '../views/ViewsMenu';
import { ColumnChooser } from './ColumnChooser';
import { useFilterInUrl } from './useFilterInUrl';
import { useListExport } from './useListExport';
import { useListKeys } from './useListKeys';
import { RecordRunBar } from './RecordRunBar';
import { useRecordChoice } from './useRecordChoice';
import { historyAction } from './RecordHistory';
import { withShownRecord } from '../../bridge/shownRecord';
import {
  journalFieldsOf,
  journalTarget,
  recordTargetOf,
  type ShownRecord,
} from '../../../shared/journal';
import { ShortcutHelp } from '../../ui/ShortcutHelp';
import { useKeyMap } from '../prefs/prefsState';

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
  const keyMap = useKeyMap();
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
  // The row as shown, for the journal: what it is named by and its fields then (issue 49).
  const shownOf = useStableCallback((row: Row): ShownRecord | null => {
    const target = view.historyTarget
      ? view.historyTarget(row)
      : recordTargetOf(row as Record<string, unknown>);
    return target?.trim()
      ? { target: journalTarget(target), fields: journalFieldsOf(row as Record<string, unknown>) }
      : null;
  });
  const context: ActionContext = {
    close: closeForm,
    reload: list.reload,
    formDraftKey: `${draftKey}form`,
    shown: (row) => shownOf(row as Row),
  };

  const useExtraActions = view.useActions ?? noActions<Row>;
  const createLabel =
    typeof view.create?.tab === 'function' ? view.create.tab(list.filter) : view.create?.tab;
  const extraActions = useExtraActions();
  // Every list whose records are written to has their History (issue 49), last.
  const writes = (view.actions?.length ?? 0) + (view.removable?.length ?? 0) > 0;
  const actions = useMemo(
    () => [
      ...(view.actions ?? []),
      ...extraActions,
      ...(writes ? [historyAction<Row>(shownOf)] : []),
    ],
    [view.actions, extraActions, writes, shownOf],
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

  // Stable handlers and memoised columns: the list renders several times while a filter loads, and
  // new columns would draw every cell of its 50 rows again each time (docs/performance.md, Review
  // and the lists).
  const act = useStableCallback((action: RecordAction<Row>, row: Row) => {
    if (action.open) openForm({ kind: 'action', label: action.label, row });
    else if (action.confirm) {
      const { title, content, run, done } = action.confirm;
      confirm({
        title,
        content,
        action: () => withShownRecord(shownOf(row), () => run(row)),
        done: done(row),
        after: list.reload,
      });
    } else action.run?.(row, context);
  });
  const removeValue = useStableCallback(
    (field: NonNullable<typeof view.removable>[number], row: Row, value: string) =>
      confirm({
        content: field.confirm,
        action: () => withShownRecord(shownOf(row), () => field.remove(row, value)),
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
  // Each row's buttons are plain ones in Ant Design's button classes (useActionColumn.tsx).
  const actionColumn = useActionColumn(actions, act);

  const reloadList = useStableCallback(() => list.reload());
  const viewColumns = useMemo(
    () =>
      typeof view.columns === 'function'
        ? view.columns({
            open: setOpened,
            close: closeForm,
            reload: reloadList,
            shown: (row) => shownOf(row as Row),
            formDraftKey: `${draftKey}form`,
            filter: list.filter,
          })
        : view.columns,
    [view, setOpened, closeForm, reloadList, shownOf, draftKey, list.filter],
  );
  const ownColumns = useMemo(
    () => [...viewColumns, ...removableColumns],
    [viewColumns, removableColumns],
  );
  // The user's choice of columns (docs/user-guide.md, A reviewer's shift); the Actions column
  // always stays, last.
  const chosen = useMemo(() => chooseColumns(ownColumns, columnChoice), [ownColumns, columnChoice]);
  const shownColumns = useMemo(() => chosen.filter((entry) => !entry.hidden), [chosen]);
  // Rows are chosen for a bulk run where the view has any (issue 49).
  const bulk = view.bulk ?? NO_ACTIONS;
  const describeRow = useStableCallback((row: Row) =>
    bulk[0] ? bulk[0].target(row) : view.rowKey(row),
  );
  const choice = useRecordChoice<Row>(view.rowKey, list.rows, describeRow);
  const tableColumns = useMemo(
    () => [
      ...(bulk.length ? [choice.column] : []),
      ...shownColumns.map((entry) => entry.column),
      ...actionColumn,
    ],
    [bulk.length, choice.column, shownColumns, actionColumn],
  );
  // Stable handlers and props for the memoised heading, filter form and buttons: a Filter click
  // renders the page three times (filter, loading, rows), and only the list changes
  // (docs/performance.md, Review and the lists).
  const listExport = useListExport({
    view,
    title,
    filter: list.filter,
    total: list.total,
    loadedRows,
    shownColumns,
  });
  const onFilter = useStableCallback((values: FilterValues) =>
    setFilter(view.filter.read ? view.filter.read(values) : (values as F)),
  );
  const hasFilter = view.filter.fields.length > 0;
  // The list from the keyboard (issue 49): the user's key map, off while a modal is open.
  const listKeys = useListKeys<Row>({
    label: view.label,
    rows: list.rows,
    actions,
    act,
    page: list.page,
    pages: Math.ceil(list.total / list.pageSize),
    setPage: list.setPage,
    enabled: opened === null,
    choose: bulk.length ? choice.toggleAt : null,
  });

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
          {listExport && (
            <ExportButton
              label={view.label}
              fileName={listExport.fileName}
              source={listExport.source}
              columns={listExport.columns}
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
      {bulk.length > 0 && (
        <RecordRunBar<Row>
          bulk={bulk}
          chosen={choice.chosen}
          clear={choice.clear}
          reload={list.reload}
        />
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
      <ShortcutHelp open={listKeys.helpOpen} keys={keyMap} onClose={listKeys.closeHelp} />
    </Card>
  );
}
