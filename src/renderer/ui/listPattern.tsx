import { Pagination } from 'antd';
import { memo } from 'react';

/**
 * The list pattern's header and pager (SPEC.md 2 and 9): 'You see ( from - to ) of N results'
 * with a zero-based range, and '<<' '>>' pages starting at page 0 with one margin page.
 */
export function rangeHeader(
  page: number,
  pageSize: number,
  shown: number,
  total: number,
  noun = 'results',
): string {
  const from = page * pageSize;
  return `You see ( ${from} - ${from + shown} ) of ${total} ${noun}`;
}

/** The rows of one zero-based client-side page. */
export function pageSlice<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  return rows.slice(page * pageSize, page * pageSize + pageSize);
}

/** The last page that exists for a total (0 when there is nothing). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(0, Math.ceil(total / pageSize) - 1);
}

/**
 * One client-side page of a whole list: the page asked for, or the last one when the list has
 * shrunk below it (after a filter or a removal), with its rows and the list's total.
 */
export function clientPage<T>(rows: readonly T[], page: number, pageSize: number) {
  const shown = Math.min(page, lastPage(rows.length, pageSize));
  return { page: shown, rows: pageSlice(rows, shown, pageSize), total: rows.length };
}

interface PagerProps {
  /** Zero-based. */
  page: number;
  pageSize: number;
  total: number;
  onChange(page: number): void;
}

/**
 * Memoised: the list's page renders several times while a page loads, and the pager only changes
 * with its page and total (given a stable onChange).
 */
export const ListPager = memo(function ListPager({ page, pageSize, total, onChange }: PagerProps) {
  if (total <= pageSize) return null;
  return (
    <Pagination
      align="center"
      current={page + 1}
      pageSize={pageSize}
      total={total}
      showSizeChanger={false}
      // One page either side of the current one, besides the first and last.
      showLessItems
      onChange={(p) => onChange(p - 1)}
      itemRender={(_, type, element) =>
        type === 'prev' ? (
          <a aria-label="Previous page">{'<<'}</a>
        ) : type === 'next' ? (
          <a aria-label="Next page">{'>>'}</a>
        ) : (
          element
        )
      }
    />
  );
});
