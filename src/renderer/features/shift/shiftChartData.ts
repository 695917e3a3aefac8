import type { JournalEntry } from '../../../shared/journal';
import { entriesSince, entryKind } from '../../domain/shift/shiftFigures';

/** The chart's bucket: a quarter of an hour. */
export const BUCKET_MS = 15 * 60_000;
/** At most a day of buckets: a shift left running for days shows its last 24 hours. */
export const MAX_BUCKETS = 96;

/** One column of the chart: the decisions done in a quarter hour. */
export interface ChartBucket {
  /** The quarter's start (ISO). */
  start: string;
  /** Its label: 'HH:mm' local time, with the date ('MM-DD HH:mm') when the chart spans days. */
  time: string;
  items: number;
}

/** The start of the local quarter hour that `at` falls in (:00, :15, :30, :45). */
export function quarterStart(at: number): number {
  const day = new Date(at);
  day.setMinutes(Math.floor(day.getMinutes() / 15) * 15, 0, 0);
  return day.getTime();
}

const two = (n: number) => String(n).padStart(2, '0');
const clock = (d: Date) => `${two(d.getHours())}:${two(d.getMinutes())}`;
const dated = (d: Date) => `${two(d.getMonth() + 1)}-${two(d.getDate())} ${clock(d)}`;

/**
 * The chart's data, exactly as handed to the chart: the decisions done (outcome ok, undos left
 * out) at or after `from`, counted per local quarter hour, from the quarter of the first decision
 * to the quarter of `now`, quarters without a decision included as 0 (an idle stretch shows as a
 * gap). None before the first decision.
 */
export function chartBuckets(
  entries: readonly JournalEntry[],
  from: number,
  now: number,
): ChartBucket[] {
  const times = entriesSince(entries, from)
    .filter((entry) => entry.outcome === 'ok' && entryKind(entry) !== 'undone')
    .map((entry) => Date.parse(entry.at));
  if (times.length === 0) return [];
  // Loops rather than Math.min(...times): a day of bulk runs is more arguments than a call takes.
  let earliest = times[0]!;
  let latest = now;
  for (const time of times) {
    if (time < earliest) earliest = time;
    if (time > latest) latest = time;
  }
  const first = quarterStart(earliest);
  const last = quarterStart(latest);
  const starts: number[] = [];
  // Each next quarter from the local clock, so a change of summer time keeps them on the quarter.
  for (let at = first; at <= last; at = quarterStart(at + BUCKET_MS)) starts.push(at);
  const shown = starts.slice(-MAX_BUCKETS);
  const counts = new Map<number, number>(shown.map((start) => [start, 0]));
  for (const time of times) {
    const start = quarterStart(time);
    const count = counts.get(start);
    if (count !== undefined) counts.set(start, count + 1);
  }
  const spansDays =
    shown.length > 0 && new Date(shown[0]!).toDateString() !== new Date(last).toDateString();
  return shown.map((start) => {
    const date = new Date(start);
    return {
      start: date.toISOString(),
      time: spansDays ? dated(date) : clock(date),
      items: counts.get(start) ?? 0,
    };
  });
}

/** The chart's summary, for its accessible name. */
export function chartSummary(buckets: readonly ChartBucket[]): string {
  if (buckets.length === 0) return 'No decisions in this period yet.';
  const total = buckets.reduce((sum, bucket) => sum + bucket.items, 0);
  const busiest = buckets.reduce((best, bucket) => (bucket.items > best.items ? bucket : best));
  return `${total} ${total === 1 ? 'item' : 'items'} in ${buckets.length} ${buckets.length === 1 ? 'quarter hour' : 'quarter hours'} from ${buckets[0]!.time} to ${buckets.at(-1)!.time}; the busiest, ${busiest.time}, had ${busiest.items}.`;
}
