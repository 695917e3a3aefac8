/**
 * Migration 12 (the conditional-writes extension, src/shared/conflict.ts): each review item's
 * version, raised by every write to the item (src/server/review/reviewRepo.ts, a model run's
 * rescore), which a decision's If-Match names so that a write over a change it has not seen is
 * refused; and when the item was last written, which the refusal says. Both are added without a
 * rewrite of the table: a constant default and a column without one.
 */
export const itemVersions: readonly string[] = [
  'ALTER TABLE tweets ADD COLUMN version bigint NOT NULL DEFAULT 0',
  'ALTER TABLE tweets ADD COLUMN changed_at timestamptz',
  'ALTER TABLE news ADD COLUMN version bigint NOT NULL DEFAULT 0',
  'ALTER TABLE news ADD COLUMN changed_at timestamptz',
];
