import { useMemo } from 'react';
import type { ExportColumn, ExportSource } from '../../../shared/export';
import type { ChosenColumn } from '../../ui/resource/columnChoice';
import type { FilterValues, ResourceView } from '../../ui/resource/types';
import { useStableCallback } from '../../ui/useStableCallback';

/** A title as a file name: 'List Crypto Currencies' is 'list-crypto-currencies'. */
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'list';

/** The row field a column shows ('a.b' for a nested one), if it names one. */
function fieldOf(column: object): string | null {
  const { dataIndex } = column as { dataIndex?: unknown };
  if (Array.isArray(dataIndex)) return dataIndex.join('.');
  if (typeof dataIndex === 'string' || typeof dataIndex === 'number') return String(dataIndex);
  return null;
}

/**
 * What a list's Export… button hands the export (domain/export): the rows already loaded for a
 * client-paged list, or what core reads itself for a paged one that declares its source, under
 * the columns shown, in their chosen order; null for a list that offers no export. The source is
 * a stable handler read when the export starts, so the memoised buttons are not drawn again.
 */
export function useListExport<Row extends object, F extends FilterValues>({
  view,
  title,
  filter,
  total,
  loadedRows,
  shownColumns,
}: {
  view: ResourceView<Row, F>;
  title: string;
  filter: F;
  total: number;
  loadedRows: readonly Row[];
  shownColumns: readonly ChosenColumn<object>[];
}): { fileName: string; source(): ExportSource; columns: ExportColumn[] } | null {
  const { paging } = view;
  const canExport = paging.kind === 'client' || paging.exportSource !== undefined;
  const source = useStableCallback((): ExportSource =>
    paging.kind === 'client'
      ? { kind: 'rows', rows: loadedRows as Record<string, unknown>[] }
      : { kind: 'pages', ...paging.exportSource!(filter), total },
  );
  const columns = useMemo(
    () =>
      shownColumns.map(({ column, key, title: heading }) => ({
        // The row's field where the column shows one; otherwise its key.
        key: fieldOf(column) ?? key,
        title: heading,
      })),
    [shownColumns],
  );
  return canExport ? { fileName: slugOf(title), source, columns } : null;
}
