/**
 * Issue 51: a screen's time beyond the server is at most this many times its paint floor at p95
 * (the same final markup painted from a static string, in the same page, right after each sample;
 * tests/bench/browser/inPage.ts's paintFloor). Judged by `screens` and `catalogue`.
 */
export const PAINT_RATIO_TARGET = 2.0;
