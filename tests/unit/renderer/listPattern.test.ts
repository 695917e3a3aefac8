import { describe, expect, it } from 'vitest';
import { clientPage, lastPage, pageSlice, rangeHeader } from '../../../src/renderer/ui/listPattern';

describe('list pattern', () => {
  it('writes the zero-based range header', () => {
    expect(rangeHeader(0, 50, 50, 120)).toBe('You see ( 0 - 50 ) of 120 results');
    expect(rangeHeader(2, 50, 20, 120)).toBe('You see ( 100 - 120 ) of 120 results');
    expect(rangeHeader(0, 50, 0, 0)).toBe('You see ( 0 - 0 ) of 0 results');
  });

  it('cuts zero-based client-side pages and knows the last one', () => {
    const rows = Array.from({ length: 120 }, (_, i) => i);
    expect(pageSlice(rows, 0, 50)).toHaveLength(50);
    expect(pageSlice(rows, 2, 50)).toEqual(rows.slice(100));
    expect(lastPage(120, 50)).toBe(2);
    expect(lastPage(100, 50)).toBe(1);
    expect(lastPage(0, 50)).toBe(0);
  });

  it('shows the last page that still exists when the list shrank below the page asked for', () => {
    const rows = Array.from({ length: 120 }, (_, i) => i);
    expect(clientPage(rows, 1, 50)).toEqual({ page: 1, rows: rows.slice(50, 100), total: 120 });
    expect(clientPage(rows.slice(0, 60), 2, 50)).toEqual({
      page: 1,
      rows: rows.slice(50, 60),
      total: 60,
    });
    expect(clientPage([], 3, 50)).toEqual({ page: 0, rows: [], total: 0 });
  });
});
