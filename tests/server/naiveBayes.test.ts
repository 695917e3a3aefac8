import { describe, expect, it } from 'vitest';
import { features, trainNaiveBayes } from '../../src/server/nlp/naiveBayes';
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
});
