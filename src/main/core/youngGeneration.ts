import { setFlagsFromString } from 'node:v8';

/**
 * V8's young generation in core's process (Electron's main process, or browser mode's Node) kept
 * near its starting size instead of doubling up to 16 MiB per semi-space under load, except while
 * core parses a large answer whole.
 *
 * Why: over a long shift V8 grows the young generation when enough objects survive its
 * scavenges, and gives the pages back only once the process has been quiet for a while (V8's
 * memory reducer: 32 MiB back to 1 after about 15 s idle, measured in Node 20). A steady stream
 * of decisions does not leave it that quiet: in one long-shift run of three, core's resident
 * memory jumped by 32.7 MiB (two semi-spaces grown to 16 MiB each are 32) while the
 * objects it held grew by 1.6 MB, in a process whose live heap is about 20 MB.
 *
 * The one place where core made tens of megabytes that all survive was the catalogue's parse
 * (14 MB of JSON at 20,000 currencies): there, a small young generation copies every object
 * through dozens of scavenges, and the parse took 10 to 40 ms longer (p50 about 140 ms against
 * 115, in Node 20). The catalogue is now scanned rather than parsed (catalogue/listScan.ts); a
 * body the scan does not take for a list is still parsed whole, with V8's own growth
 * (withRoomToGrow), and what it grew is given back when the console is next quiet.
 *
 * The growth factor is read each time V8 would grow the space, so it takes effect when set at run
 * time; the size limit (--max-semi-space-size) is fixed when the heap is made, which in Electron's
 * main process is before any of our code runs. Electron's main process starts V8 with
 * --no-freeze-flags-after-init, as Node does, so that v8.setFlagsFromString works there.
 */
export const YOUNG_GENERATION_FLAGS = '--semi-space-growth-factor=1';
/** V8's own growth factor (its default). */
export const ROOM_TO_GROW_FLAGS = '--semi-space-growth-factor=2';

export interface YoungGeneration {
  /** From now on, the young generation stays near its size. */
  keepSmall(): void;
  /** Runs `work` with V8's own growth, then keeps the young generation small again if it was. */
  withRoomToGrow<T>(work: () => T): T;
}

export function youngGenerationControl(setFlags: (flags: string) => void): YoungGeneration {
  let small = false;
  return {
    keepSmall() {
      setFlags(YOUNG_GENERATION_FLAGS);
      small = true;
    },
    withRoomToGrow(work) {
      // A process that never asked for a small young generation (a test's) is left as it is.
      if (!small) return work();
      setFlags(ROOM_TO_GROW_FLAGS);
      try {
        return work();
      } finally {
        setFlags(YOUNG_GENERATION_FLAGS);
      }
    },
  };
}

/** This process's: flags are per process. */
const processYoungGeneration = youngGenerationControl((flags) => setFlagsFromString(flags));

/** Called first by each of core's entry points. */
export function keepYoungGenerationSmall(): void {
  processYoungGeneration.keepSmall();
}

export function withRoomToGrow<T>(work: () => T): T {
  return processYoungGeneration.withRoomToGrow(work);
}
