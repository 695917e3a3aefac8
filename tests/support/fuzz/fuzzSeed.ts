/**
 * The seed and size of the fuzz suites (tests/server/fuzz.test.ts, tests/unit/main/bridgeFuzz.test.ts).
 * A fixed seed by default, so every run, and the figures RELIABILITY.md gives, send the same
 * requests; `DQC_FUZZ_SEED=random` tries other ones and says which seed it chose,
 * `DQC_FUZZ_SEED=<n>` replays that seed (a failure names it).
 */
export const FIXED_SEED = 20261123;

export interface FuzzSeed {
  seed: number;
  /** True when the seed was drawn at random for this run, so it must be printed. */
  random: boolean;
}

export function fuzzSeed(env: NodeJS.ProcessEnv = process.env): FuzzSeed {
  const given = env.DQC_FUZZ_SEED?.trim();
  if (!given) return { seed: FIXED_SEED, random: false };
  if (given === 'random') return { seed: Math.floor(Math.random() * 2 ** 31), random: true };
  if (/^\d{1,10}$/.test(given) && Number(given) < 2 ** 31)
    return { seed: Number(given), random: false };
  throw new Error(`DQC_FUZZ_SEED must be a whole number below 2^31 or "random", not "${given}".`);
}

/** Requests a route from DQC_FUZZ_RUNS (`npm run test:full` asks for 60), else `fallback`. */
export function fuzzRuns(fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const given = env.DQC_FUZZ_RUNS?.trim();
  if (!given) return fallback;
  if (/^[1-9]\d{0,5}$/.test(given)) return Number(given);
  throw new Error(`DQC_FUZZ_RUNS must be a whole number from 1, not "${given}".`);
}

/** The line a suite prints when it drew its seed, so that the run can be replayed. */
export const randomSeedLine = (suite: string, seed: number) =>
  `[${suite}] DQC_FUZZ_SEED=random chose seed ${seed}; DQC_FUZZ_SEED=${seed} replays this run.`;
