import { formatLocalTime } from '../../ui/dates';
import type { JournalEntry } from '../../../shared/journal';
import type { HistoryEntryView } from '../../../shared/responses/insight';

/**
 * A card's History with the item-history extension (DESIGN.md, Extensions): the server's record of
 * every write to the item, merged with the user's own journal from this computer into one list,
 * newest first. A write of the user's that both recorded is one row, marked as in both.
 */

/** How far apart the journal's time and the server's may be for one write (clocks, latency). */
export const SAME_WRITE_WITHIN_MS = 5000;

export type HistoryRow =
  | { key: string; at: string; from: 'server'; server: HistoryEntryView }
  | { key: string; at: string; from: 'journal'; journal: JournalEntry }
  | { key: string; at: string; from: 'both'; server: HistoryEntryView; journal: JournalEntry };

const time = (at: string) => {
  const parsed = Date.parse(at);
  return Number.isNaN(parsed) ? 0 : parsed;
};

/**
 * Pairs each of the user's successful writes with the server's entry for it: the same call, the
 * user as the actor, within SAME_WRITE_WITHIN_MS (the nearest one when several qualify). A failed
 * or skipped write reached no item, so the server has none to pair with.
 */
export function mergeHistory(
  server: readonly HistoryEntryView[],
  journal: readonly JournalEntry[],
  username: string | null,
): HistoryRow[] {
  const paired = new Map<number, JournalEntry>();
  const used = new Set<number>();
  for (const entry of journal) {
    if (entry.outcome !== 'ok' || username === null) continue;
    let best = -1;
    let bestGap = Infinity;
    for (const [index, write] of server.entries()) {
      if (used.has(index) || write.actor !== username || write.call !== entry.call) continue;
      const gap = Math.abs(time(write.at) - time(entry.at));
      if (gap <= SAME_WRITE_WITHIN_MS && gap < bestGap) [best, bestGap] = [index, gap];
    }
    if (best >= 0) {
      used.add(best);
      paired.set(best, entry);
    }
  }
  const pairedSeqs = new Set([...paired.values()].map((entry) => entry.seq));
  const rows: HistoryRow[] = [
    ...server.map((write, index): HistoryRow => {
      const mine = paired.get(index);
      return mine
        ? { key: `both-${mine.seq}`, at: mine.at, from: 'both', server: write, journal: mine }
        : { key: `server-${index}`, at: write.at, from: 'server', server: write };
    }),
    ...journal
      .filter((entry) => !pairedSeqs.has(entry.seq))
      .map((entry): HistoryRow => ({
        key: `journal-${entry.seq}`,
        at: entry.at,
        from: 'journal',
        journal: entry,
      })),
  ];
  // Newest first, as the journal lists; the server's order (oldest first) breaks ties.
  return rows
    .map((row, order) => ({ row, order }))
    .sort((a, b) => time(b.row.at) - time(a.row.at) || b.order - a.order)
    .map(({ row }) => row);
}

type ItemState = HistoryEntryView['before'];

const decision = (selected: boolean) => (selected ? 'kept' : 'eliminated');
const orNone = (text: string | null) => text ?? 'none';
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/**
 * What a write changed, before → after, naming only what moved: "kept → eliminated; reviewed by
 * none → reviewer1; ratio 0.612 → 0.480". "No change" when the write left the item as it was.
 */
export function changeText(before: ItemState, after: ItemState): string {
  const parts: string[] = [];
  if (before.selected !== after.selected)
    parts.push(`${decision(before.selected)} → ${decision(after.selected)}`);
  if (before.reviewedBy !== after.reviewedBy)
    parts.push(`reviewed by ${orNone(before.reviewedBy)} → ${orNone(after.reviewedBy)}`);
  if (before.eliminatedKeyword !== after.eliminatedKeyword)
    parts.push(
      `eliminated keyword ${orNone(before.eliminatedKeyword)} → ${orNone(after.eliminatedKeyword)}`,
    );
  if (before.manuallyChanged !== after.manuallyChanged)
    parts.push(
      `manually changed ${yesNo(before.manuallyChanged)} → ${yesNo(after.manuallyChanged)}`,
    );
  if (before.nlpDecisionRatio !== after.nlpDecisionRatio)
    parts.push(
      `ratio ${before.nlpDecisionRatio.toFixed(3)} → ${after.nlpDecisionRatio.toFixed(3)}`,
    );
  return parts.length ? parts.join('; ') : 'No change';
}

/** A run's id as the Runs drawer shortens it. */
export const shortRunId = (runId: string) => runId.slice(0, 8);

/**
 * Where a server entry's write came from: a single write, a bulk run, a model run, or its story
 * (a decision a later copy took: "From story 12, decided by reviewer1 at 21 Nov 2026, 10:42").
 */
export function sourceText(entry: HistoryEntryView): string {
  if (entry.source === 'story') {
    const story = entry.story ? `From story ${entry.story.id}` : 'From its story';
    const by = entry.actor === null ? '' : `, decided by ${entry.actor}`;
    const at = entry.story ? ` at ${formatLocalTime(entry.story.decidedAt)}` : '';
    return `${story}${by}${at}`;
  }
  if (entry.source === 'model')
    return entry.modelRunId === null ? 'Model run' : `Model run #${entry.modelRunId}`;
  if (entry.source === 'bulk')
    return entry.bulkRunId === null ? 'Bulk run' : `Bulk run ${shortRunId(entry.bulkRunId)}`;
  return 'Single write';
}

/** The call's last path part, which says what it did: 'manually-eliminate'. */
export const callName = (call: string) => call.split(/[\s/]/).filter(Boolean).at(-1) ?? call;
