import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script of the project, without types
import { countsOf as untyped } from '../../../scripts/testCounts.mjs';

const countsOf = untyped as (output: string) => {
  passed: number;
  failed: number;
  skipped: number;
};

describe("the test command's counts", () => {
  it("reads vitest's closing lines, coloured or not", () => {
    const vitest = [
      ' Test Files  1 failed | 69 passed (70)',
      '      Tests  2 failed | 1652 passed | 1 skipped (1655)',
      '   Duration  861.83s',
    ].join('\n');
    expect(countsOf(vitest)).toEqual({ passed: 1652, failed: 2, skipped: 1 });
    const coloured =
      '\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[32m71 passed\u001b[39m\u001b[22m';
    expect(countsOf(coloured)).toEqual({ passed: 71, failed: 0, skipped: 0 });
  });

  it("reads Playwright's summary, counting a flaky test as passed", () => {
    const playwright = [
      '  ✓  149 [browser] › tests/e2e/soak.spec.ts:35:1 › a shift (41.0s)',
      '',
      '  1 failed',
      '    [browser] › tests/e2e/review.spec.ts:65:3 › each filter narrows',
      '  1 flaky',
      '    [browser] › tests/e2e/about.spec.ts:55:1 › the theme follows',
      '  2 skipped',
      '  145 passed (13.3m)',
    ].join('\n');
    expect(countsOf(playwright)).toEqual({ passed: 146, failed: 1, skipped: 2 });
  });
});
