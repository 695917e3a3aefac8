import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { listFilterAtoms } from '../../../src/renderer/ui/listFilterAtoms';

describe('a list filter and its page', () => {
  it('starts at page 0 with the initial filter', () => {
    const store = createStore();
    const { filterAtom, pageAtom } = listFilterAtoms({ contains: '' });
    expect(store.get(filterAtom)).toEqual({ contains: '' });
    expect(store.get(pageAtom)).toBe(0);
  });

  it('goes back to page 0 whenever a filter is applied, even the same one again', () => {
    const store = createStore();
    const { filterAtom, pageAtom } = listFilterAtoms({ contains: '' });
    store.set(pageAtom, 3);
    store.set(filterAtom, { contains: 'btc' });
    expect(store.get(filterAtom)).toEqual({ contains: 'btc' });
    expect(store.get(pageAtom)).toBe(0);

    store.set(pageAtom, 2);
    const again = { contains: 'btc' };
    store.set(filterAtom, again);
    expect(store.get(pageAtom)).toBe(0);
    // A new object, so a list keyed on the filter loads again.
    expect(store.get(filterAtom)).toBe(again);
  });

  it('keeps the page of each list apart', () => {
    const store = createStore();
    const one = listFilterAtoms({ contains: '' });
    const two = listFilterAtoms({ contains: '' });
    store.set(one.pageAtom, 4);
    store.set(two.filterAtom, { contains: 'x' });
    expect(store.get(one.pageAtom)).toBe(4);
    expect(store.get(two.pageAtom)).toBe(0);
  });
});
