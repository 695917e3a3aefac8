/**
 * Classifier insight: what our reference server offers beyond SPEC.md 7, as extensions the client
 * discovers (DESIGN.md, Extensions). `GET /dqc-extensions/capabilities` lists them; core asks once
 * per session, and anything but a readable list means none, so against a provider without them
 * every extension control is absent, never broken.
 */

/** Every extension the client knows, by the name the capabilities list gives it. */
export const EXTENSIONS = [
  'borderline',
  'model-runs',
  'keyword-impact',
  'item-history',
  'claims',
  'conditional-writes',
  'item-events',
  'audit',
  'stories',
  'not-duplicates',
] as const;
export type ExtensionName = (typeof EXTENSIONS)[number];

/** What About & Settings calls each one. */
export const EXTENSION_LABELS: Record<ExtensionName, string> = {
  borderline: 'Borderline first and Ratio between',
  'model-runs': 'Model runs, what they changed, and Why?',
  'keyword-impact': 'Keyword impact before saving',
  'item-history': 'Item history',
  claims: 'My queue, who holds an item and who is reviewing now',
  'conditional-writes': 'Conflict check in one conditional write (If-Match on the item version)',
  'item-events': "Cards follow other reviewers' decisions as they are made",
  audit: 'A team audit sample, its answers and disagreements',
  stories: 'Stories: retweets and wire copies grouped, decided once',
  'not-duplicates': '"Not a duplicate" kept for the whole team',
};

/**
 * One extension the server offers. Unknown names are kept (About lists them) but drive nothing.
 * How a capabilities answer is read is in capabilities.ts: this file stays free of zod, since the
 * page's first screen reads it (the routes that need an extension).
 */
export interface ServerExtension {
  name: string;
  version: number;
}

export const hasExtension = (
  offered: readonly ServerExtension[] | null | undefined,
  name: ExtensionName,
  /** The least version that has what is asked for (a call an extension gained later). */
  since = 1,
): boolean =>
  (offered ?? []).some((extension) => extension.name === name && extension.version >= since);

/**
 * The version of an extension that first had a call the client sends: the stories extension's
 * Review filter and count came in version 2; a server offering version 1 lists items.
 */
export const STORIES_REVIEW_VERSION = 2;

/**
 * The header core puts on a bulk run's writes when the server offers item-history, so that the
 * server's record of the write names the run it came from. Never sent to a provider without it.
 */
export const BULK_RUN_HEADER = 'x-dqc-bulk-run';
