/**
 * lib/measure.ts's sideBySide for work that times itself: a page that reports its own paint time,
 * a child process that reports when its line arrived. Figure and floor alternate round by round
 * (and which goes first alternates too), so whatever slows the machine slows both alike.
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
