import { formatLocalClock } from '../../ui/dates';
import type { QueueGlance } from '../../../shared/workbench/queues';

/** How long ago, as an operator reads a queue's age: "45 min", "5 h 10 min", "3 d 4 h". */
export function ageText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** The oldest record's age, and what it is counted from. */
export function oldestText(queue: QueueGlance, now: number): string {
  if (queue.depth === null) return '-';
  if (queue.oldestAt === null) return queue.depth === 0 ? 'empty' : 'no detect time';
  const age = ageText(now - Date.parse(queue.oldestAt));
  return queue.oldestBy === 'firstSeen' ? `${age} (first seen here)` : age;
}

/** What "went out" counts from when this console has watched the queue for less than a day. */
export function watchedText(queue: QueueGlance): string | null {
  if (!queue.watchedSince) return null;
  return `watched since ${formatLocalClock(queue.watchedSince) ?? '-'}`;
}
