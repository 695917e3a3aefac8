import { describe, expect, it } from 'vitest';
import { slotKeys } from '../../../src/renderer/ui/slotKeys';

function counter() {
  let n = 0;
  return () => `k${++n}`;
}

describe('slotKeys: card keys that keep instances', () => {
  it('gives a first list keys of its own, one per item', () => {
    const { keys, map } = slotKeys(new Map(), ['a', 'b', 'c'], counter());
    expect(keys).toEqual(['k1', 'k2', 'k3']);
    expect([...map]).toEqual([
      ['a', 'k1'],
      ['b', 'k2'],
      ['c', 'k3'],
    ]);
  });

  it('keeps the key of an item that stays, wherever it moves', () => {
    const first = slotKeys(new Map(), ['a', 'b', 'c'], counter());
    const { keys } = slotKeys(first.map, ['c', 'a', 'b'], counter());
    expect(keys).toEqual(['k3', 'k1', 'k2']);
  });

  it('gives a new page the keys of the items that left, so no instance is created', () => {
    const next = counter();
    const first = slotKeys(new Map(), ['a', 'b', 'c'], next);
    const { keys } = slotKeys(first.map, ['x', 'y', 'z'], next);
    expect(keys).toEqual(['k1', 'k2', 'k3']);
  });

  it('after a decision: the items that stay keep theirs, the one coming in takes the leaver’s', () => {
    const next = counter();
    const first = slotKeys(new Map(), ['a', 'b', 'c'], next);
    const { keys } = slotKeys(first.map, ['a', 'c', 'd'], next);
    expect(keys).toEqual(['k1', 'k3', 'k2']);
  });

  it('makes new keys only when more items come than left', () => {
    const next = counter();
    const first = slotKeys(new Map(), ['a'], next);
    const { keys } = slotKeys(first.map, ['b', 'c'], next);
    expect(keys).toEqual(['k1', 'k2']);
  });

  it('never gives two items the same key, even for an identity listed twice', () => {
    const next = counter();
    const first = slotKeys(new Map(), ['a', 'b'], next);
    const { keys } = slotKeys(first.map, ['a', 'a', 'c'], next);
    expect(new Set(keys).size).toBe(3);
    expect(keys[0]).toBe('k1');
  });
});
