/**
 * Migration 10 (DESIGN.md, Extensions): model runs and what they changed, and each item's history.
 *
 * - model_runs: one row per run of create-tweet-model / create-news-model, with its progress
 *   while it runs and its figures when it ends (its changes counted by direction, and among
 *   reviewed items, so that the changes list of a finished run needs no count). At most one running run per service (the partial
 *   unique index), so two servers on one database cannot both run one.
 * - model_run_features: a finished model's per-word weights (log-odds toward kept), for Why?.
 * - model_run_changes: every item whose ratio or decision a run changed, before and after. Its
 *   columns are a contract: the borderline filter (migration 9's work) reads them as they are.
 * - item_history: every write a reviewer's call made to an item, before and after. A model run's
 *   changes are not copied here: history reads them from model_run_changes.
 */
export const modelRunsHistory: readonly string[] = [
  `CREATE TABLE model_runs (
       id bigserial PRIMARY KEY,
       service text NOT NULL CHECK (service IN ('tweets', 'news')),
       started_by text,
       started_at timestamptz NOT NULL DEFAULT now(),
       finished_at timestamptz,
       status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'finished', 'failed')),
       phase text NOT NULL DEFAULT 'training' CHECK (phase IN ('training', 'scoring', 'done')),
       scored integer NOT NULL DEFAULT 0,
       total integer NOT NULL DEFAULT 0,
       trained_on integer NOT NULL DEFAULT 0,
       held_out integer NOT NULL DEFAULT 0,
       accuracy double precision,
       previous_accuracy double precision,
       changed integer NOT NULL DEFAULT 0,
       kept_to_eliminated integer NOT NULL DEFAULT 0,
       eliminated_to_kept integer NOT NULL DEFAULT 0,
       reviewed_changed integer NOT NULL DEFAULT 0,
       reviewed_kept_to_eliminated integer NOT NULL DEFAULT 0,
       reviewed_eliminated_to_kept integer NOT NULL DEFAULT 0,
       error text,
       prior_log_odds double precision
     )`,
  'CREATE INDEX model_runs_service ON model_runs (service, id)',
  `CREATE UNIQUE INDEX model_runs_one_running ON model_runs (service) WHERE status = 'running'`,
  `CREATE TABLE model_run_features (
       run_id bigint NOT NULL REFERENCES model_runs ON DELETE CASCADE,
       feature text NOT NULL,
       weight double precision NOT NULL,
       PRIMARY KEY (run_id, feature)
     )`,
  `CREATE TABLE model_run_changes (
       run_id bigint NOT NULL REFERENCES model_runs,
       service text NOT NULL CHECK (service IN ('tweets', 'news')),
       item_id bigint NOT NULL,
       old_ratio double precision NOT NULL,
       new_ratio double precision NOT NULL,
       old_selected boolean NOT NULL,
       new_selected boolean NOT NULL,
       reviewed boolean NOT NULL,
       PRIMARY KEY (run_id, service, item_id)
     )`,
  // A run's changes a page at a time in item order, by direction (src/server/insight/
  // changeDirection.ts writes the direction exactly as this index does). Unfiltered pages walk the
  // primary key; a filter on reviewed walks either and skips the rest, and totals come from the
  // run's row: a run may record a million changes, and every index costs on each one.
  `CREATE INDEX model_run_changes_direction ON model_run_changes (run_id,
       (CASE WHEN old_selected = new_selected THEN 'ratioOnly'
             WHEN old_selected THEN 'keptToEliminated' ELSE 'eliminatedToKept' END), item_id)`,
  // One item's changes, for its history.
  'CREATE INDEX model_run_changes_item ON model_run_changes (service, item_id)',
  `CREATE TABLE item_history (
       id bigserial PRIMARY KEY,
       service text NOT NULL CHECK (service IN ('tweets', 'news')),
       item_id bigint NOT NULL,
       at timestamptz NOT NULL DEFAULT now(),
       actor text,
       call text NOT NULL,
       source text NOT NULL CHECK (source IN ('single', 'bulk', 'model')),
       bulk_run_id text,
       model_run_id bigint REFERENCES model_runs,
       before jsonb NOT NULL,
       after jsonb NOT NULL
     )`,
  'CREATE INDEX item_history_item ON item_history (service, item_id, at, id)',
];
