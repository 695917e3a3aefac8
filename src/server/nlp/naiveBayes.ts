/**
 * A multinomial naive Bayes text classifier over word unigrams and bigrams, with Laplace
 * smoothing. Small enough to read in one sitting, and a sound baseline for keep/eliminate
 * decisions on short crypto texts; it trains on tens of thousands of items in well under a second.
 */

const URL_PATTERN = /https?:\/\/\S+/g;

/** Lower-cased words and $TICKERS; links dropped. Bigrams join neighbouring words. */
export function features(text: string): string[] {
  const words = text
    .toLowerCase()
    .replace(URL_PATTERN, ' ')
    .split(/[^a-z0-9$#@]+/)
    .filter((w) => w.length > 1);
  const bigrams = words.slice(1).map((w, i) => `${words[i]}_${w}`);
  return [...words, ...bigrams];
}

export interface TrainingExample {
  text: string;
  /** True when a human kept (selected) the item. */
  keep: boolean;
}

export interface NaiveBayesModel {
  /** Probability that a text should be kept, between 0 and 1. */
  predict(text: string): number;
  readonly examples: number;
  /**
   * The model as log-odds toward kept: `priorLogOdds` plus, for every occurrence in a text of a
   * feature it knows, that feature's weight, is the log-odds `predict` turns into a probability.
   * This is what Why? shows (per-word contributions) and what a model run keeps of its model.
   */
  readonly priorLogOdds: number;
  readonly weights: ReadonlyMap<string, number>;
}

/** log(p / (1 - p)) turned back into p, without overflow at either end. */
export function logistic(logOdds: number): number {
  if (logOdds >= 0) return 1 / (1 + Math.exp(-logOdds));
  const e = Math.exp(logOdds);
  return e / (1 + e);
}

/** Each feature of a text the weights know, with its summed contribution (weight × occurrences). */
export function contributions(
  text: string,
  weightOf: (feature: string) => number | undefined,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const feature of features(text)) {
    const weight = weightOf(feature);
    if (weight !== undefined) out.set(feature, (out.get(feature) ?? 0) + weight);
  }
  return out;
}

export function trainNaiveBayes(examples: readonly TrainingExample[]): NaiveBayesModel {
  const counts = { keep: new Map<string, number>(), drop: new Map<string, number>() };
  const totals = { keep: 0, drop: 0 };
  const docs = { keep: 0, drop: 0 };
  const vocabulary = new Set<string>();
  for (const example of examples) {
    const cls = example.keep ? 'keep' : 'drop';
    docs[cls]++;
    for (const feature of features(example.text)) {
      counts[cls].set(feature, (counts[cls].get(feature) ?? 0) + 1);
      totals[cls]++;
      vocabulary.add(feature);
    }
  }
  const v = vocabulary.size || 1;
  // Laplace-smoothed class priors, so a one-class training set still gives an answer.
  const priorLogOdds =
    Math.log((docs.keep + 1) / (examples.length + 2)) -
    Math.log((docs.drop + 1) / (examples.length + 2));
  // A feature's weight: log P(feature | keep) - log P(feature | drop), Laplace-smoothed. Summing
  // the two classes' log scores and taking their softmax is the same as the logistic of the prior
  // plus these differences, which is what makes each word's push readable on its own.
  const weights = new Map<string, number>();
  for (const feature of vocabulary)
    weights.set(
      feature,
      Math.log(((counts.keep.get(feature) ?? 0) + 1) / (totals.keep + v)) -
        Math.log(((counts.drop.get(feature) ?? 0) + 1) / (totals.drop + v)),
    );
  return {
    examples: examples.length,
    priorLogOdds,
    weights,
    predict(text) {
      let logOdds = priorLogOdds;
      // Features the training never saw carry no evidence either way.
      for (const feature of features(text)) logOdds += weights.get(feature) ?? 0;
      return logistic(logOdds);
    },
  };
}
