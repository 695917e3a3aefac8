import { describe, expect, it } from 'vitest';
import {
  contributions,
  features,
  logistic,
  trainNaiveBayes,
} from '../../src/server/nlp/naiveBayes';
import { createTextGenerator } from '../../src/server/seed/demoReview';

describe('naive Bayes classifier', () => {
  it('reads words, tickers and bigrams, and drops links', () => {
    expect(features('Binance lists $SOL https://x.co/abc')).toEqual([
      'binance',
      'lists',
      '$sol',
      'binance_lists',
      'lists_$sol',
    ]);
  });

  it('beats chance by a clear margin on labelled texts it was not trained on', () => {
    const train = createTextGenerator(1, 0.08);
    const test = createTextGenerator(2, 0.08);
    const model = trainNaiveBayes(
      Array.from({ length: 1500 }, () => train.next()).map((t) => ({
        text: t.message,
        keep: t.keep,
      })),
    );
    const held = Array.from({ length: 1000 }, () => test.next());
    const correct = held.filter((t) => model.predict(t.message) > 0.5 === t.keep).length;
    const majority = Math.max(
      held.filter((t) => t.keep).length,
      held.filter((t) => !t.keep).length,
    );
    // Label noise is 8%, so about 92% is the ceiling; chance (majority class) is about 55%.
    expect(correct / held.length).toBeGreaterThan(0.85);
    expect(correct).toBeGreaterThan(majority + 250);
  });

  it('gives probabilities, and an answer even from a one-class training set', () => {
    const model = trainNaiveBayes([{ text: 'exchange lists token', keep: true }]);
    const p = model.predict('exchange lists token');
    expect(p).toBeGreaterThan(0.5);
    expect(p).toBeLessThanOrEqual(1);
    expect(trainNaiveBayes([]).predict('anything')).toBeCloseTo(0.5);
  });

  it('is its prior plus per-feature weights: their sum is the log-odds predict turns into a ratio', () => {
    const train = createTextGenerator(3, 0.08);
    const model = trainNaiveBayes(
      Array.from({ length: 800 }, () => train.next()).map((t) => ({
        text: t.message,
        keep: t.keep,
      })),
    );
    const test = createTextGenerator(4, 0.08);
    for (let i = 0; i < 200; i++) {
      const { message } = test.next();
      const pushes = contributions(message, (feature) => model.weights.get(feature));
      const logOdds = [...pushes.values()].reduce((a, b) => a + b, model.priorLogOdds);
      expect(logistic(logOdds)).toBeCloseTo(model.predict(message), 12);
      // A feature that occurs twice pushes twice; one the model never saw does not push at all.
      for (const [feature, push] of pushes) {
        const times = features(message).filter((f) => f === feature).length;
        expect(push).toBeCloseTo(model.weights.get(feature)! * times, 12);
      }
    }
    expect(contributions('zzqx unheardof', (f) => model.weights.get(f)).size).toBe(0);
    expect(model.predict('zzqx unheardof')).toBeCloseTo(logistic(model.priorLogOdds), 12);
    // A word seen only in kept texts pushes toward kept, and one seen only in eliminated ones away.
    const tiny = trainNaiveBayes([
      { text: 'listing announced', keep: true },
      { text: 'giveaway airdrop', keep: false },
    ]);
    expect(tiny.weights.get('listing')).toBeGreaterThan(0);
    expect(tiny.weights.get('giveaway')).toBeLessThan(0);
  });
});
