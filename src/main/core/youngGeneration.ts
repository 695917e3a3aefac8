import { setFlagsFromString } from 'node:v8';

/**
 * V8's young generation in core's process (Electron's main process, or browser mode's Node) kept
 * near its starting size instead of doubling up to 16 MiB per semi-space under load.
 *
 * Why: over a long shift V8 grows the young generation when enough objects survive its
 * scavenges, and a collection seldom gives the pages back. In one long-shift run of three, core's
 * resident memory jumped by 32.7 MiB (two semi-spaces grown to 16 MiB each are 32) while the
 * objects it held grew by 1.6 MB: memory that holds nothing core needs, in a process whose live
 * heap is about 20 MB. The cost is more scavenges, each smaller: parsing a 10 MB list (the
 * 20,000-currency catalogue's size) took about 5 ms longer in a Node 20 micro-benchmark, and core
 * parses that list once per change (it keeps it and revalidates with an ETag).
 *
 * The growth factor is read each time V8 would grow the space, so it takes effect when set at
 * run time; the size limit (--max-semi-space-size) is fixed when the heap is made, which in
 * Electron's main process is before any of our code runs.
 */
export const YOUNG_GENERATION_FLAGS = '--semi-space-growth-factor=1';

export function keepYoungGenerationSmall(
  setFlags: (flags: string) => void = setFlagsFromString,
): void {
  setFlags(YOUNG_GENERATION_FLAGS);
}
