import { describe, expect, it } from 'vitest';
import { groupNodes, growth } from '../../bench/lib/heapDiff';

/** A snapshot in DevTools' format: nodes as flat rows of [type, name, id, self_size]. */
function snapshot(rows: [type: number, name: number, id: number, size: number][]) {
  return {
    snapshot: {
      meta: {
        node_fields: ['type', 'name', 'id', 'self_size'],
        node_types: [['hidden', 'array', 'string', 'object', 'code', 'closure']] as [string[]],
      },
    },
    nodes: rows.flat(),
    strings: ['FormStore', 'onFocus', 'some text', 'other text'],
  };
}

describe('heapDiff', () => {
  it('groups objects and closures by name, strings by kind alone', () => {
    const groups = groupNodes(
      snapshot([
        [3, 0, 1, 100],
        [3, 0, 3, 120],
        [5, 1, 5, 32],
        [2, 2, 7, 20],
        [2, 3, 9, 30],
      ]),
    );
    expect(groups.get('object FormStore')).toEqual({ count: 2, bytes: 220 });
    expect(groups.get('closure onFocus')).toEqual({ count: 1, bytes: 32 });
    expect(groups.get('string')).toEqual({ count: 2, bytes: 50 });
  });

  it('lists what grew, the largest growth first, and what shrank last', () => {
    const before = groupNodes(
      snapshot([
        [3, 0, 1, 100],
        [5, 1, 3, 32],
        [2, 2, 5, 500],
      ]),
    );
    const after = groupNodes(
      snapshot([
        [3, 0, 1, 100],
        [3, 0, 7, 100],
        [5, 1, 3, 32],
        [5, 1, 9, 32],
        [5, 1, 11, 32],
      ]),
    );
    expect(growth(before, after)).toEqual([
      { key: 'object FormStore', count: 1, bytes: 100 },
      { key: 'closure onFocus', count: 2, bytes: 64 },
      { key: 'string', count: -1, bytes: -500 },
    ]);
  });
});
