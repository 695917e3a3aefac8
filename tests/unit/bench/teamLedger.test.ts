import { describe, expect, it } from 'vitest';
import { checkDecisions, HoldBook, type FinalItem } from '../../bench/team/teamLedger';

const finals = (...items: FinalItem[]) => new Map(items.map((item) => [item.id, item]));

describe('the team benchmark: items held by two reviewers at once', () => {
  it('counts an item handed to a second reviewer before its holder let it go', () => {
    const book = new HoldBook();
    book.handedOut('team01', [1, 2, 3]);
    book.handedOut('team01', [1, 2, 3]); // a reviewer's own page again: still one holder
    book.handedOut('team02', [3, 4]);
    expect(book.doubleHeld).toBe(1);
  });

  it('counts none when the holder decided or left the item first', () => {
    const book = new HoldBook();
    book.handedOut('team01', [1, 2]);
    book.letGo('team01', [1]); // decided
    book.letGo('team02', [2]); // not team02's to let go: team01 still holds it
    book.handedOut('team02', [1]);
    expect(book.doubleHeld).toBe(0);
    book.handedOut('team03', [2]);
    expect(book.doubleHeld).toBe(1);
  });
});

describe('the team benchmark: decisions lost or applied twice', () => {
  it('finds nothing when the item holds its last accepted decision at its version', () => {
    const check = checkDecisions(
      [
        { id: 7, reviewer: 'team01', selected: false, version: 1 },
        { id: 7, reviewer: 'team02', selected: true, version: 2 },
      ],
      finals({ id: 7, selected: true, version: 2, manuallyChangedBy: 'team02' }),
    );
    expect(check).toEqual({ lost: 0, appliedTwice: 0, decidedByTwo: 1 });
  });

  it('a decision the item does not hold, or a version below it, is lost', () => {
    const check = checkDecisions(
      [
        { id: 1, reviewer: 'team01', selected: false, version: 1 },
        { id: 2, reviewer: 'team01', selected: true, version: 3 },
        { id: 3, reviewer: 'team01', selected: true, version: 1 },
      ],
      finals(
        { id: 1, selected: true, version: 1, manuallyChangedBy: 'team01' },
        { id: 2, selected: true, version: 2, manuallyChangedBy: 'team01' },
      ),
    );
    expect(check.lost).toBe(3);
    expect(check.appliedTwice).toBe(0);
  });

  it('two accepted at one version, or a write beyond the last answered, is applied twice', () => {
    const check = checkDecisions(
      [
        { id: 1, reviewer: 'team01', selected: false, version: 1 },
        { id: 1, reviewer: 'team02', selected: false, version: 1 },
        { id: 2, reviewer: 'team01', selected: true, version: 1 },
      ],
      finals(
        { id: 1, selected: false, version: 1, manuallyChangedBy: 'team02' },
        { id: 2, selected: true, version: 2, manuallyChangedBy: 'team01' },
      ),
    );
    expect(check).toEqual({ lost: 0, appliedTwice: 2, decidedByTwo: 1 });
  });
});
