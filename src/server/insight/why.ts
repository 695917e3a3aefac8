import { contributions, features, logistic } from '../nlp/naiveBayes';
import type { Queryable } from '../db/database';

/** Why? lists at most this many words each way. */
export const WHY_WORDS = 10;

export interface WordWeight {
  word: string;
  weight: number;
}

/** A feature as a reader sees it: a bigram's two words joined by a space ('_' never is a word's). */
const wordOf = (feature: string) => feature.replaceAll('_', ' ');

/**
 * What a stored model (its prior and the weights of model_run_features) says of one text: the
 * ratio it gives, and the features that pushed it toward kept (positive log-odds) and toward
 * eliminated (negative), strongest first. Every feature of the text counts toward the ratio; the
 * lists show the strongest WHY_WORDS each way. A feature the model never saw pushes neither way.
 */
export async function whyOfText(
  db: Queryable,
  runId: number,
  priorLogOdds: number,
  text: string,
): Promise<{ ratio: number; towardKept: WordWeight[]; towardEliminated: WordWeight[] }> {
  const wanted = [...new Set(features(text))];
  const rows =
    wanted.length === 0
      ? []
      : await db.query<{ feature: string; weight: number }>(
          `SELECT feature, weight FROM model_run_features
            WHERE run_id = $1 AND feature = ANY($2::text[])`,
          [runId, wanted],
        );
  const weights = new Map(rows.map((row) => [row.feature, Number(row.weight)]));
  const pushes = [...contributions(text, (feature) => weights.get(feature))];
  const logOdds = pushes.reduce((sum, [, weight]) => sum + weight, priorLogOdds);
  const strongest = (list: [string, number][]) =>
    list
      .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || a[0].localeCompare(b[0]))
      .slice(0, WHY_WORDS)
      .map(([feature, weight]) => ({ word: wordOf(feature), weight }));
  return {
    ratio: logistic(logOdds),
    towardKept: strongest(pushes.filter(([, weight]) => weight > 0)),
    towardEliminated: strongest(pushes.filter(([, weight]) => weight < 0)),
  };
}
