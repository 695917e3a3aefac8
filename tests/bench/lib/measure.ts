import { performance } from 'node:perf_hooks';

export async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/**
 * A figure and its floor in alternation, round after round, after `warmUp` rounds not kept, for
 * work that reports its own duration (a page timing its paint, a process its first line): figure
 * and floor alternate, and so does which goes first, so whatever slows the machine during the run
 * slows both alike and neither always meets a warmer cache.
 */
export async function alternate(
  rounds: number,
  figure: (round: number) => Promise<number>,
  floor: (round: number) => Promise<number>,
  warmUp = Math.min(3, rounds),
): Promise<{ figure: number[]; floor: number[] }> {
  const samples = { figure: [] as number[], floor: [] as number[] };
  for (let round = 0; round < warmUp + rounds; round++) {
    const figureFirst = round % 2 === 0;
    const a = await (figureFirst ? figure(round) : floor(round));
    const b = await (figureFirst ? floor(round) : figure(round));
    if (round < warmUp) continue;
    samples.figure.push(figureFirst ? a : b);
    samples.floor.push(figureFirst ? b : a);
  }
  return samples;
}

/** alternate() for work timed from outside: each call's duration in this process. */
export function sideBySide(
  rounds: number,
  figure: () => Promise<unknown>,
  floor: () => Promise<unknown>,
  warmUp = Math.min(5, rounds),
): Promise<{ figure: number[]; floor: number[] }> {
  return alternate(
    rounds,
    () => timed(figure),
    () => timed(floor),
    warmUp,
  );
}
