/**
 * One answered audit item (issue 47, the blind audit sample): what the classifier had decided when
 * the item was drawn, what the reviewer answered without seeing it, and what the estimates group
 * it by. Core keeps these per user against any provider; our server keeps the team's (the audit
 * extension). The estimates (src/shared/quality/estimates.ts) read only this shape.
 */

/** The two sources the sample is stratified by (SPEC.md 7's filterType). */
export type AuditSource = 'tweets' | 'news';

/** A stratum of the sample: a source and the classifier's decision. */
export interface AuditStratum {
  source: AuditSource;
  /** The classifier's decision when the item was drawn: kept (selected) or eliminated. */
  classifierKept: boolean;
}

/** A stratum's key in maps and in the sample's stored form: "tweets:kept", "news:eliminated". */
export const stratumKey = ({ source, classifierKept }: AuditStratum): string =>
  `${source}:${classifierKept ? 'kept' : 'eliminated'}`;

/** How many items the population held in each stratum when the sample was drawn (count calls). */
export type StratumSizes = ReadonlyMap<string, number>;

export interface AuditAnswer {
  itemId: number;
  stratum: AuditStratum;
  /** The reviewer's blind answer: keep (select) or eliminate. */
  answerKept: boolean;
  reviewer: string;
  /** ISO time of the answer. */
  answeredAt: string;
  /** What the estimates group by, taken from the item when drawn. */
  groups: {
    /** The item's detected keywords (an item counts under each). */
    keywords: readonly string[];
    /** The news website, or the tweet's account (twitterUserName). */
    origin: string;
    /** The item's detect day, YYYY-MM-DD in UTC. */
    day: string;
    /** The model run that last decided the item, where the model-runs extension says; else null. */
    modelRun: number | null;
  };
}
