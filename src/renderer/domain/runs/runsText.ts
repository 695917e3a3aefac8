import dayjs from 'dayjs';
import type { RunStatus, RunView } from '../../../shared/runs';

/**
 * The words of the runs' progress (top bar, drawer, interrupted banner), as pure functions so that
 * every form is tested without drawing anything.
 */

const count = new Intl.NumberFormat('en-US');

/** A count with en-US thousands separators: 1,234. */
export const formatCount = (value: number): string => count.format(value);

/** Items the run has dealt with, whatever the outcome. */
export const handledOf = (run: RunView): number => run.done + run.skipped + run.failed;

/** '456 of 1,234'. */
const progressOf = (run: RunView): string =>
  `${formatCount(handledOf(run))} of ${formatCount(run.total)}`;

/** ', 3 skipped, 1 failed': each part only when there is something to say. */
function problemParts(run: RunView): string {
  const skipped = run.skipped > 0 ? `, ${formatCount(run.skipped)} skipped` : '';
  const failed = run.failed > 0 ? `, ${formatCount(run.failed)} failed` : '';
  return skipped + failed;
}

/** ', about 2 min left' (rounded up), ', less than a minute left', or nothing before a pace. */
function etaPart(etaSeconds: number | null): string {
  if (etaSeconds === null || etaSeconds <= 0) return '';
  if (etaSeconds < 60) return ', less than a minute left';
  return `, about ${formatCount(Math.ceil(etaSeconds / 60))} min left`;
}

/** One active run in a line: what the top bar says about it. */
export function runProgressText(run: RunView): string {
  switch (run.status) {
    case 'paused':
      return `${run.label} paused: ${progressOf(run)}${problemParts(run)}`;
    case 'waitingForSession':
      return `${run.label}: ${progressOf(run)}, waiting for sign-in`;
    case 'waitingForProvider':
      return `${run.label}: ${progressOf(run)}, waiting for the server`;
    case 'interrupted':
      return `Run interrupted: ${progressOf(run)} done`;
    default:
      return `${run.label}: ${progressOf(run)}${problemParts(run)}${etaPart(run.etaSeconds)}`;
  }
}

/**
 * The top bar's indicator: the newest active run, and how many more there are; null when none is
 * active. `active` is newest first.
 */
export function indicatorText(active: readonly RunView[]): string | null {
  const [newest, ...others] = active;
  if (!newest) return null;
  const more = others.length > 0 ? ` (+${formatCount(others.length)} more)` : '';
  return runProgressText(newest) + more;
}

/** The banner over the screen for a run cut off by a quit or a crash. */
export const interruptedText = (run: RunView): string =>
  `A run was interrupted: ${progressOf(run)} done`;

/** A run's status in words, for the drawer. */
export const RUN_STATUS_WORDS: Record<RunStatus, string> = {
  preparing: 'Preparing',
  ready: 'Ready to start',
  running: 'Running',
  paused: 'Paused',
  waitingForSession: 'Waiting for sign-in',
  waitingForProvider: 'Waiting for the server',
  done: 'Done',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted',
  failed: 'Failed',
};

/** A moment the console recorded (a run's start, a journal entry), to the second, local time. */
export const formatLocalSeconds = (iso: string): string => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

/** A run's counts in the drawer: '456 done, 3 skipped, 1 failed of 1,234'. */
export const runCountsText = (run: RunView): string =>
  `${formatCount(run.done)} done, ${formatCount(run.skipped)} skipped, ` +
  `${formatCount(run.failed)} failed of ${formatCount(run.total)}`;

/** Items the snapshot held but the run never acts on (SPEC.md 4). */
export const leftOutText = (leftOut: number): string =>
  `${formatCount(leftOut)} left out: eliminated by similarity or by quoted post, never acted on`;

/** Items another reviewer held in their queue (the claims extension), which the run left. */
export const heldByOthersText = (held: number): string =>
  held === 1
    ? '1 item held by another reviewer was left alone'
    : `${formatCount(held)} items held by other reviewers were left alone`;

/** When the run started (or was prepared) and finished. */
export function runTimesText(run: RunView): string {
  const start = run.startedAt
    ? `Started ${formatLocalSeconds(run.startedAt)}`
    : `Prepared ${formatLocalSeconds(run.createdAt)}`;
  return run.finishedAt ? `${start}, finished ${formatLocalSeconds(run.finishedAt)}` : start;
}
