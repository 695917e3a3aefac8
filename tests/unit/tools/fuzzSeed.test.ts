import { describe, expect, it } from 'vitest';
import { FIXED_SEED, fuzzRuns, fuzzSeed, randomSeedLine } from '../../support/fuzz/fuzzSeed';

describe('the fuzz suites’ seed and size', () => {
  it('use the fixed seed unless asked, a given one to replay, and a drawn one on "random"', () => {
    expect(fuzzSeed({})).toEqual({ seed: FIXED_SEED, random: false });
    expect(fuzzSeed({ DQC_FUZZ_SEED: ' ' })).toEqual({ seed: FIXED_SEED, random: false });
    expect(fuzzSeed({ DQC_FUZZ_SEED: '20788' })).toEqual({ seed: 20788, random: false });
    const drawn = fuzzSeed({ DQC_FUZZ_SEED: 'random' });
    expect(drawn.random).toBe(true);
    expect(Number.isInteger(drawn.seed) && drawn.seed >= 0 && drawn.seed < 2 ** 31).toBe(true);
    expect(randomSeedLine('fuzz', drawn.seed)).toContain(`DQC_FUZZ_SEED=${drawn.seed} replays`);
  });

  it('refuse a seed or a size they cannot use, naming the setting', () => {
    expect(() => fuzzSeed({ DQC_FUZZ_SEED: 'today' })).toThrow(/DQC_FUZZ_SEED .*"today"/);
    expect(() => fuzzSeed({ DQC_FUZZ_SEED: '-1' })).toThrow(/DQC_FUZZ_SEED/);
    expect(() => fuzzSeed({ DQC_FUZZ_SEED: String(2 ** 31) })).toThrow(/DQC_FUZZ_SEED/);
    expect(fuzzRuns(15, {})).toBe(15);
    expect(fuzzRuns(15, { DQC_FUZZ_RUNS: '60' })).toBe(60);
    expect(() => fuzzRuns(15, { DQC_FUZZ_RUNS: '0' })).toThrow(/DQC_FUZZ_RUNS .*"0"/);
    expect(() => fuzzRuns(15, { DQC_FUZZ_RUNS: 'lots' })).toThrow(/DQC_FUZZ_RUNS/);
  });
});
