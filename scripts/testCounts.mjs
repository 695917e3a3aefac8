// What a vitest or Playwright run reports at its end, for the test command's closing line.

/** Passed, failed, flaky and skipped tests of a vitest or Playwright run, read from its output. */
export function countsOf(colouredOutput) {
  // eslint-disable-next-line no-control-regex -- ANSI colour codes, whatever the runner chose
  const output = colouredOutput.replace(/\u001b\[[0-9;]*m/g, '');
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const vitest = output.match(/^\s*Tests\s+(.*)$/m);
  const text = vitest
    ? vitest[1]
    : (output.match(/^\s*\d+ (passed|failed|flaky|skipped)[\s\S]*$/m)?.[0] ?? '');
  for (const [, n, kind] of text.matchAll(/(\d+) (passed|failed|flaky|skipped)/g)) {
    if (kind === 'flaky') counts.passed += Number(n);
    else counts[kind] += Number(n);
  }
  return counts;
}
