import { describe, expect, it } from 'vitest';
import type { ReviewItem } from '../../../../src/shared/api/records';
import {
  effectOf,
  landedIn,
  type KeptDecision,
} from '../../../../src/main/core/outbox/decisionLanding';

/**
 * Whether a decision whose answer was lost had landed (issue 50), from the item read again: by what
 * it changes where a re-read sees that, by the version (ours) where it does not, else unknown.
 */

const decision = (over: Partial<KeptDecision> & { kase?: string } = {}): KeptDecision => ({
  channel: 'review.manualChange',
  username: 'reviewer1',
  fields: { case: over.kase ?? 'manually-eliminate' },
  shown: { id: 1, selected: true, reviewedBy: null },
  ...over,
});
const item = (over: Record<string, unknown>) => over as unknown as ReviewItem;

describe('whether a lost decision had landed', () => {
  it('a flip: by the item’s decision now', () => {
    expect(landedIn(decision(), item({ selected: false }))).toBe(true);
    expect(landedIn(decision(), item({ selected: true }))).toBe(false);
  });

  it('Review: by the reviewer the item now names', () => {
    const review = decision({ channel: 'review.reviewed', fields: {} });
    expect(landedIn(review, item({ reviewedBy: 'reviewer1' }))).toBe(true);
    expect(landedIn(review, item({}))).toBe(false);
  });

  it('no flip: by the version where the server gives one, else unknown', () => {
    const same = decision({ shown: { id: 1, selected: false, reviewedBy: null, version: 4 } });
    expect(landedIn(same, item({ selected: false, version: 4 }))).toBe(false);
    expect(
      landedIn(same, item({ selected: false, version: 5, manuallyChangedBy: 'reviewer1' })),
    ).toBe(true);
    expect(
      landedIn(same, item({ selected: false, version: 5, manuallyChangedBy: 'reviewer2' })),
    ).toBeNull();
    const noVersion = decision({ shown: { id: 1, selected: false, reviewedBy: null } });
    expect(landedIn(noVersion, item({ selected: false }))).toBeNull();
  });

  it('says what each decision does', () => {
    expect(effectOf(decision({ kase: 'manually-select' }))).toEqual({
      selected: true,
      reviewed: false,
      words: 'Select',
    });
    expect(
      effectOf({
        channel: 'review.manualChange',
        fields: { case: 'manually-eliminate', keyword: 'scam' },
      }).words,
    ).toBe('Eliminate, keyword "scam"');
    expect(effectOf({ channel: 'review.reviewed', fields: {} }).reviewed).toBe(true);
    // Add Keyword leaves the decision as it is: told landed by the version only.
    const addKeyword = { case: 'add-keyword', keyword: 'scam' };
    expect(effectOf({ channel: 'review.manualChange', fields: addKeyword })).toEqual({
      selected: null,
      reviewed: false,
      words: 'Add keyword "scam"',
    });
    expect(landedIn(decision({ fields: addKeyword }), item({ selected: true }))).toBeNull();
  });
});
