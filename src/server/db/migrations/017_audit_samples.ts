/**
 * Migration 17 (the audit extension, src/shared/api/audit.ts): the team's blind audit samples.
 *
 * - audit_samples: one row per draw: the detect-time window (both ends included), the size asked
 *   for and drawn, the share that goes to two reviewers, who drew it and when.
 * - audit_strata: each sample's strata (source x the classifier's decision, keyed as
 *   src/shared/quality/auditRecord.ts's stratumKey): how many items the window held in each when
 *   the sample was drawn, and how many were drawn from it. The estimates re-weight by these.
 * - audit_team: one row, the team's active sample. A draw locks it, so draws run one at a time and
 *   there is never more than one active sample.
 * - audit_items: the items drawn, with what the classifier had decided (kept, ratio) when they
 *   were drawn and the groups the estimates use (keywords, website or account, detect day, the
 *   last model run that changed the item). How many reviewers an item wants (1, or 2 for the
 *   doubled share) and how many it has: a claim raises the count under the row's lock, only while
 *   it is below what the item wants. Items are not tied to the review tables by a foreign key: the
 *   sample keeps what was drawn even if an item is deleted.
 * - audit_assignments: an item to a reviewer, in slot 1 or 2: never two reviewers in one slot,
 *   never one reviewer in both.
 * - audit_answers: a reviewer's blind answer, once per item and reviewer, only on an item assigned
 *   to them (the foreign key). Nothing deletes an answer, and an answered item's assignment and
 *   item cannot be deleted under it (no cascade from answers).
 * - audit_settlements: a disagreement's final decision, once per item.
 */
export const auditSamples: readonly string[] = [
  `CREATE TABLE audit_samples (
       id bigserial PRIMARY KEY,
       window_from timestamptz NOT NULL,
       window_to timestamptz NOT NULL,
       requested_size integer NOT NULL CHECK (requested_size > 0),
       drawn integer NOT NULL CHECK (drawn >= 0),
       doubled integer NOT NULL CHECK (doubled >= 0 AND doubled <= drawn),
       double_share double precision NOT NULL CHECK (double_share >= 0 AND double_share <= 1),
       created_by text NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       CHECK (window_from <= window_to)
     )`,
  'CREATE INDEX audit_samples_created ON audit_samples (created_at, id)',
  `CREATE TABLE audit_strata (
       sample_id bigint NOT NULL REFERENCES audit_samples ON DELETE CASCADE,
       stratum text NOT NULL,
       service text NOT NULL CHECK (service IN ('tweets', 'news')),
       classifier_kept boolean NOT NULL,
       population bigint NOT NULL CHECK (population >= 0),
       drawn integer NOT NULL CHECK (drawn >= 0 AND drawn <= population),
       PRIMARY KEY (sample_id, stratum)
     )`,
  `CREATE TABLE audit_team (
       team boolean PRIMARY KEY DEFAULT true CHECK (team),
       active_sample_id bigint REFERENCES audit_samples
     )`,
  'INSERT INTO audit_team (team) VALUES (true)',
  `CREATE TABLE audit_items (
       id bigserial PRIMARY KEY,
       sample_id bigint NOT NULL REFERENCES audit_samples,
       service text NOT NULL CHECK (service IN ('tweets', 'news')),
       item_id bigint NOT NULL,
       classifier_kept boolean NOT NULL,
       classifier_ratio double precision NOT NULL,
       keywords text[] NOT NULL DEFAULT '{}',
       origin text NOT NULL,
       detect_time timestamptz NOT NULL,
       detect_day date NOT NULL,
       model_run_id bigint,
       reviewers_wanted smallint NOT NULL CHECK (reviewers_wanted IN (1, 2)),
       reviewers_assigned smallint NOT NULL DEFAULT 0
         CHECK (reviewers_assigned >= 0 AND reviewers_assigned <= reviewers_wanted),
       UNIQUE (sample_id, service, item_id)
     )`,
  // The items of a sample that still want a reviewer, in the order they are handed out.
  `CREATE INDEX audit_items_open ON audit_items (sample_id, id)
       WHERE reviewers_assigned < reviewers_wanted`,
  `CREATE TABLE audit_assignments (
       audit_item_id bigint NOT NULL REFERENCES audit_items ON DELETE CASCADE,
       slot smallint NOT NULL CHECK (slot IN (1, 2)),
       reviewer text NOT NULL,
       assigned_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (audit_item_id, slot),
       UNIQUE (audit_item_id, reviewer)
     )`,
  // A reviewer's items, oldest first (the next item for me resumes the first one unanswered).
  'CREATE INDEX audit_assignments_reviewer ON audit_assignments (reviewer, assigned_at, audit_item_id)',
  `CREATE TABLE audit_answers (
       audit_item_id bigint NOT NULL,
       reviewer text NOT NULL,
       answer_kept boolean NOT NULL,
       answered_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (audit_item_id, reviewer),
       FOREIGN KEY (audit_item_id, reviewer) REFERENCES audit_assignments (audit_item_id, reviewer)
     )`,
  // Today's answers (the shift panel).
  'CREATE INDEX audit_answers_time ON audit_answers (answered_at)',
  `CREATE TABLE audit_settlements (
       audit_item_id bigint PRIMARY KEY REFERENCES audit_items,
       settled_by text NOT NULL,
       final_kept boolean NOT NULL,
       settled_at timestamptz NOT NULL DEFAULT now()
     )`,
];
