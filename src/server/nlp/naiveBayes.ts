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
  const logPrior = {
    keep: Math.log((docs.keep + 1) / (examples.length + 2)),
    drop: Math.log((docs.drop + 1) / (examples.length + 2)),
  };
  const logLikelihood = (cls: 'keep' | 'drop', feature: string) =>
    Math.log(((counts[cls].get(feature) ?? 0) + 1) / (totals[cls] + v));
  return {
    examples: examples.length,
    predict(text) {
      let keep = logPrior.keep;
      let drop = logPrior.drop;
      for (const feature of features(text)) {
        if (!vocabulary.has(feature)) continue;
        keep += logLikelihood('keep', feature);
        drop += logLikelihood('drop', feature);
      }
      // Softmax of two log scores, computed stably.
      const max = Math.max(keep, drop);
      const eKeep = Math.exp(keep - max);
      return eKeep / (eKeep + Math.exp(drop - max));
    },
  };
}
