import { z } from 'zod';

/**
 * The operators' queues (issue 49, Queues at a glance): the detected records SPEC.md 2 lists for
 * saving, merging, matching or deleting. Plain data shared by core (which reads them) and the
 * Queues screen and side menu (which show them).
 */
export const QUEUE_IDS = [
  'newCurrencies',
  'newVersions',
  'newMarkets',
  'tradingPairs',
  'explorerUrls',
] as const;
export type QueueId = (typeof QUEUE_IDS)[number];

export interface QueueInfo {
  id: QueueId;
  /** The queue's name on the Queues screen. */
  label: string;
  /** The route of its list (SPEC.md 2). */
  path: string;
  /** The side menu's area the list belongs to. */
  area: string;
}

export const QUEUES: Record<QueueId, QueueInfo> = {
  newCurrencies: {
    id: 'newCurrencies',
    label: 'New currencies',
    path: '/cryptoCurrency/get-newCurrencies',
    area: '/cryptoCurrency',
  },
  newVersions: {
    id: 'newVersions',
    label: 'New versions of currencies',
    path: '/cryptoCurrency/get-new-version-of-currencies',
    area: '/cryptoCurrency',
  },
  newMarkets: {
    id: 'newMarkets',
    label: 'New markets',
    path: '/market/get-newMarkets',
    area: '/market',
  },
  tradingPairs: {
    id: 'tradingPairs',
    label: 'Mismatched trading pairs',
    path: '/mismatches/get-tradingPairs',
    area: '/mismatches',
  },
  explorerUrls: {
    id: 'explorerUrls',
    label: 'Mismatched explorer urls',
    path: '/mismatches/get-explorerUrls',
    area: '/mismatches',
  },
};

/**
 * The writes that take a record out of each queue (SPEC.md 4, Reference data), by bridge channel:
 * the user's own turnover is counted from them, and a glance is read again after one.
 */
export const QUEUE_WRITES: Record<QueueId, readonly string[]> = {
  newCurrencies: ['currencies.saveNewCurrency'],
  newVersions: [
    'currencies.saveNewVersionAsNewCurrency',
    'currencies.mergeNewVersionWithOldCurrency',
  ],
  newMarkets: ['markets.saveNewMarket'],
  tradingPairs: ['mismatches.matchMismatchTradingPair', 'mismatches.deleteMismatchTradingPair'],
  explorerUrls: ['mismatches.matchMismatchExplorerUrl', 'mismatches.deleteMismatchExplorerUrl'],
};

/** Whether a channel's write changes a queue. */
export const changesQueue = (channel: string): boolean =>
  Object.values(QUEUE_WRITES).some((channels) => channels.includes(channel));

/** Records read at most for a queue's age and turnover; its depth comes from its count beyond. */
export const QUEUE_READ_LIMIT = 1000;

/** How long a glance read for the side menu may be answered again before core reads anew. */
export const QUEUE_GLANCE_MAX_AGE_MS = 60_000;

/** The window of "came in" and "went out". */
export const QUEUE_TURNOVER_MS = 24 * 60 * 60 * 1000;

/** One queue as core last read it. */
export const queueGlanceSchema = z.object({
  id: z.enum(QUEUE_IDS),
  /** Records waiting; null when the queue could not be read. */
  depth: z.number().int().min(0).nullable(),
  /** The oldest record's time (ISO), and what that time is. */
  oldestAt: z.string().nullable(),
  /** detectTime: the record's own; firstSeen: when this console first saw it (records without one). */
  oldestBy: z.enum(['detectTime', 'firstSeen']).nullable(),
  /** Records that came in over the last 24 hours (detect time, else first seen here). */
  cameIn: z.number().int().min(0).nullable(),
  /** Records this console saw in the queue over the last 24 hours that have left it. */
  wentOut: z.number().int().min(0).nullable(),
  /** The signed-in user's own successful writes on the queue over the last 24 hours (journal). */
  byYou: z.number().int().min(0),
  /** When this console first read the queue, if within the last 24 hours: turnover counts from it. */
  watchedSince: z.string().nullable(),
  /** Only the first QUEUE_READ_LIMIT records were read: age and turnover are of those. */
  partial: z.boolean(),
  /** Why the queue could not be read; null when it was. */
  error: z.string().nullable(),
});
export type QueueGlance = z.infer<typeof queueGlanceSchema>;

export const queuesGlanceSchema = z.object({
  queues: z.array(queueGlanceSchema),
  /** When core read them (ISO). */
  readAt: z.string(),
});
export type QueuesGlance = z.infer<typeof queuesGlanceSchema>;

export const queuesGlancePayloadSchema = z
  .object({
    /** Read every queue now; otherwise a read of the last minute may be answered again. */
    fresh: z.boolean().optional(),
  })
  .optional();
