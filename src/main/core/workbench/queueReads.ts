import type { BridgeChannel } from '../../../shared/bridge';
import { DEFAULT_CURRENCY_ID_FILTER, NEW_CURRENCY_PAGE_SIZE } from '../../../shared/constants';
import { QUEUE_READ_LIMIT, type QueueId } from '../../../shared/workbench/queues';
import { isRecord } from '../../../shared/api/answers';
import { BridgeFailure } from '../bridgeFailure';

/** Reads a provider channel as a screen would (core/bridge/handlers.ts); reads write nothing. */
export type QueueRead = (
  channel: BridgeChannel,
  payload: Record<string, unknown>,
) => Promise<unknown>;

/** A queue's record as the glance counts it: who it is, and when it was detected if it says. */
export interface QueueRecord {
  key: string;
  /** Milliseconds since the epoch; null when the record has no readable detect time. */
  detectedAt: number | null;
}

export interface QueueContents {
  depth: number;
  records: QueueRecord[];
  /** Fewer records were read than the queue holds (QUEUE_READ_LIMIT). */
  partial: boolean;
}

/**
 * A provider date-time read as a moment: one without a zone is read on UTC, as the screens show it
 * (renderer/ui/dates.ts, formatProviderTime); null when it is not a date.
 */
export function providerTimeMs(text: unknown): number | null {
  if (typeof text !== 'string' || !text.trim()) return null;
  const trimmed = text.trim();
  const zoned = /(?:Z|[+-]\d\d:?\d\d)$/i.test(trimmed) || !/\d:\d\d/.test(trimmed);
  const ms = Date.parse(zoned ? trimmed : `${trimmed}Z`);
  return Number.isNaN(ms) ? null : ms;
}

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** What identifies a record of each queue: the fields its list's row key reads (SPEC.md 3). */
const KEY_FIELDS: Record<QueueId, readonly string[]> = {
  newCurrencies: ['currencyId', 'uniqueName'],
  newVersions: ['currencyId', 'uniqueName'],
  newMarkets: ['marketId', 'uniqueName'],
  tradingPairs: ['market', 'pair', 'baseCurrency', 'otherCurrency'],
  explorerUrls: ['uniqueName', 'url'],
};

export function recordKeyOf(queue: QueueId, record: Record<string, unknown>): string {
  return KEY_FIELDS[queue].map((field) => text(record[field])).join('\u001f');
}

function asRecords(answer: unknown): Record<string, unknown>[] {
  if (!Array.isArray(answer))
    throw new BridgeFailure(502, 'BAD_ANSWER', 'The server did not answer with a list.');
  return answer.filter(isRecord);
}

function contentsOf(queue: QueueId, rows: Record<string, unknown>[], depth: number): QueueContents {
  const seen = new Set<string>();
  const records: QueueRecord[] = [];
  for (const row of rows) {
    const key = recordKeyOf(queue, row);
    // A record the answer lists twice is one record waiting.
    if (seen.has(key)) continue;
    seen.add(key);
    records.push({ key, detectedAt: providerTimeMs(row.detectTime) });
  }
  return { depth, records, partial: records.length < depth && rows.length < depth };
}

/** The new-currency queue's default query: SPEC.md 2's filter left as it opens (any currency). */
const NEW_CURRENCY_QUERY = {
  currencySymbolNameOrUniqueName: '',
  currencyId: Number(DEFAULT_CURRENCY_ID_FILTER),
};

/**
 * Reads one queue with SPEC.md 7's own calls, as its list opens: new currencies by their count
 * and their pages (at most QUEUE_READ_LIMIT records), the others whole.
 */
export async function readQueue(queue: QueueId, read: QueueRead): Promise<QueueContents> {
  switch (queue) {
    case 'newCurrencies': {
      const depth = Number(await read('currencies.countNewCurrencies', NEW_CURRENCY_QUERY));
      if (!Number.isFinite(depth) || depth < 0)
        throw new BridgeFailure(502, 'BAD_ANSWER', 'The server did not answer with a count.');
      const pages = Math.min(
        Math.ceil(depth / NEW_CURRENCY_PAGE_SIZE),
        Math.ceil(QUEUE_READ_LIMIT / NEW_CURRENCY_PAGE_SIZE),
      );
      const rows: Record<string, unknown>[] = [];
      for (let page = 0; page < pages; page++) {
        const answer = asRecords(
          await read('currencies.getNewCurrencies', { ...NEW_CURRENCY_QUERY, startIndex: page }),
        );
        rows.push(...answer);
        // A short page is the last, whatever the count said.
        if (answer.length < NEW_CURRENCY_PAGE_SIZE) break;
      }
      return contentsOf(queue, rows, depth);
    }
    case 'newVersions':
      return whole(queue, await read('currencies.getNewVersionCurrencies', NEW_CURRENCY_QUERY));
    case 'newMarkets':
      return whole(queue, await read('markets.getNewMarkets', {}));
    case 'tradingPairs':
      return whole(
        queue,
        await read('mismatches.getMismatchTradingPairs', { market: '', currency: '' }),
      );
    case 'explorerUrls':
      return whole(queue, await read('mismatches.getMismatchExplorerUrls', {}));
  }
}

function whole(queue: QueueId, answer: unknown): QueueContents {
  const rows = asRecords(answer);
  const contents = contentsOf(queue, rows, 0);
  return { ...contents, depth: contents.records.length, partial: false };
}
