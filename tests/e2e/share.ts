/**
 * The E2E checks that repeat one promise over many screens (dark-theme axe, the fault walk) run a
 * share of their cases per run, so that the suite stays short on a two-core machine; the share
 * moves every day, so consecutive days cover every case. `npm run test:e2e:full` (DQC_E2E_FULL=1)
 * runs them all, as a nightly job would.
 */
export const FULL_PASS = process.env.DQC_E2E_FULL === '1';

/**
 * The day the share is taken for: fixed by playwright.config.ts before the workers start, so that
 * every worker lists the same tests even across midnight. DQC_E2E_DAY replays another day's share.
 */
export function shareDay(): number {
  const fixed = Number(process.env.DQC_E2E_DAY);
  return Number.isInteger(fixed) ? fixed : Math.floor(Date.now() / 86_400_000);
}

/** Today's share of `items`: one in `every`, all of them on a full pass. */
export function todaysShare<T>(items: readonly T[], every: number): T[] {
  if (FULL_PASS) return [...items];
  const offset = shareDay() % every;
  return items.filter((_, index) => index % every === offset);
}
