/**
 * Migration 21: "not a duplicate" for the team (issue 49, extension `not-duplicates`). A pair is a
 * kind, a detected record and a catalogue record, each named by its unique name (or name); the
 * keys are their lower case, so one pair said twice in two cases is one. Who said it and when.
 */
export const notDuplicates: readonly string[] = [
  `CREATE TABLE not_duplicates (
       kind text NOT NULL CHECK (kind IN ('currency', 'market')),
       detected_key text NOT NULL,
       catalogue_key text NOT NULL,
       detected text NOT NULL,
       catalogue text NOT NULL,
       said_by text NOT NULL,
       said_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (kind, detected_key, catalogue_key)
     )`,
  `CREATE INDEX not_duplicates_said_at ON not_duplicates (said_at DESC)`,
];
