import { performance } from 'node:perf_hooks';

export async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/**
 * Times a figure and its floor in alternation, round after round, after `warmUp` untimed rounds:
 * whatever slows the machine during the run slows both alike.
 */
export async function sideBySide(
  rounds: number,
  figure: () => Promise<unknown>,
  floor: () => Promise<unknown>,
  warmUp = Math.min(5, rounds),
): Promise<{ figure: number[]; floor: number[] }> {
  const samples = { figure: [] as number[], floor: [] as number[] };
  for (let round = 0; round < warmUp + rounds; round++) {
    // Alternate which goes first, so neither always meets a warmer cache.
    const first = round % 2 === 0;
    const a = await timed(first ? figure : floor);
    const b = await timed(first ? floor : figure);
    if (round < warmUp) continue;
    samples.figure.push(first ? a : b);
    samples.floor.push(first ? b : a);
  }
  return samples;
}
