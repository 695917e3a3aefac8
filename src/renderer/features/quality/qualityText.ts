import type { Grouping } from '../../../shared/quality/estimates';

/** The grouping switch's choices, in the order offered. */
export const GROUPING_OPTIONS: readonly { value: Grouping; label: string }[] = [
  { value: 'keyword', label: 'Keyword' },
  { value: 'source', label: 'Source' },
  { value: 'origin', label: 'Website or account' },
  { value: 'day', label: 'Day' },
  { value: 'modelRun', label: 'Model run' },
];

const SOURCE_LABELS: Record<string, string> = { tweets: 'Tweets', news: 'News' };

/** A group's name in the table; null is the items without one. */
export function groupLabel(by: Grouping, group: string | null): string {
  if (group === null) return by === 'modelRun' ? 'No known model run' : 'No keyword';
  if (by === 'modelRun') return `Model run ${group}`;
  if (by === 'source') return SOURCE_LABELS[group] ?? group;
  return group;
}

/** A stratum key ('tweets:kept') as the screen names it: "Tweets kept". */
export function stratumLabel(key: string): string {
  const [source = '', decision = ''] = key.split(':');
  return `${SOURCE_LABELS[source] ?? source} ${decision === 'kept' ? 'kept' : 'eliminated'}`;
}

/** A window end as sent (UTC wall time, '2024-01-01T00:00') in the screen's words. */
export const windowTimeText = (time: string) => `${time.slice(0, 10)} ${time.slice(11, 16)} UTC`;

/** The last `days` days ending now, as audit.start takes them (UTC wall times to the minute). */
export function lastDaysWindow(days: number, now: Date): { from: string; to: string } {
  const wall = (moment: number) => new Date(moment).toISOString().slice(0, 16);
  const end = now.getTime();
  return { from: wall(end - days * 86_400_000), to: wall(end) };
}
