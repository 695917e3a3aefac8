import { describe, expect, it, vi } from 'vitest';
import { LazyRows } from '../../../src/main/core/catalogue/lazyRows';
import { currencyRecord } from '../../../src/shared/api/records';
import { currencyCalls } from '../../../src/shared/api/configuration';

/** A provider's answer as it may come: records, a broken field, and entries that are no record. */
const answer = [
  { name: 'Bitcoin', rank: 1, uniqueName: 'bitcoin' },
  'not a record',
  { name: 'Ether', rank: '2', uniqueName: 'ethereum', tags: 'oops' },
  null,
  [1, 2],
  { name: 'Solana', uniqueName: 'solana' },
];

// docs/performance.md, The server and the catalogue.
describe('LazyRows: the catalogue held in core, read a page at a time', () => {
  it('has the length and the rows of the whole lenient read', () => {
    const whole = currencyCalls.getCurrencies.answer.parse(answer);
    const lazy = new LazyRows(answer, currencyRecord);
    expect(lazy.length).toBe(whole.length);
    expect(lazy.slice(0, 50)).toEqual(whole);
    expect(lazy.slice(1, 2)).toEqual(whole.slice(1, 2));
    expect(lazy.slice(5, 10)).toEqual([]);
  });

  it('reads only the entries a page shows, each once', () => {
    const read = vi.fn(currencyRecord.read);
    const lazy = new LazyRows(answer, { read });
    expect(read).not.toHaveBeenCalled();
    const first = lazy.slice(0, 2);
    expect(read).toHaveBeenCalledTimes(2);
    expect(lazy.slice(0, 2)).toEqual(first);
    expect(lazy.slice(0, 2)[0]).toBe(first[0]);
    expect(read).toHaveBeenCalledTimes(2);
    lazy.slice(1, 3);
    expect(read).toHaveBeenCalledTimes(3);
  });
});
