import { z } from 'zod';
import { EXTENSION_GROUPS, PROVIDER_GROUPS, REVIEW_GROUPS } from './api';
import type { AnyCall, CallAnswer, CallPayload } from './api/call';
import { payloadSchemaOf } from './api/call';
import { signInPayloadSchema, type SessionView } from './auth';
import { reviewListPayloadSchema, type FilterType, type ReviewListResult } from './bodies/review';
import type { UpdateStatus } from './desktop';
import { cataloguePagePayloadSchema, type CataloguePage } from './catalogue';
import { MAX_LINK_LENGTH } from './externalLink';
import { exportIdPayloadSchema, exportStartPayloadSchema, exportViewSchema } from './export';
import type { ServerExtension } from './insight';
import {
  journalPageSchema,
  journalQuerySchema,
  shownRecordSchema,
  type ShownRecord,
} from './journal';
import { liveWatchPayloadSchema } from './liveItems';
import {
  outboxIdPayloadSchema,
  outboxMessageSchema,
  outboxViewSchema,
  type WaitingAnswer,
} from './outbox';
import {
  importViewsPayloadSchema,
  prefsViewSchema,
  setColumnsPayloadSchema,
  setDensityPayloadSchema,
  setStoriesPayloadSchema,
  setKeysPayloadSchema,
  setShiftPayloadSchema,
  setViewsPayloadSchema,
  userPrefsSchema,
  viewsImportSchema,
} from './prefs';
import {
  auditAnswerPayloadSchema,
  auditAnswersSchema,
  auditNextSchema,
  auditProgressSchema,
  auditRevealSchema,
  auditStartPayloadSchema,
} from './quality/auditChannels';
import { auditEstimatesSchema } from './quality/estimatesChannel';
import {
  auditDisagreementsResultSchema,
  auditSettlementResultSchema,
  auditSettlePayloadSchema,
} from './quality/teamAuditChannels';
import {
  runIdPayloadSchema,
  runPreparePayloadSchema,
  runViewSchema,
  shownItemSchema,
  undoPayloadSchema,
  undoResultSchema,
  type DecisionResult,
} from './runs';

/**
 * The bridge between the renderer and the trusted side. One table, `CHANNELS`: a few channels
 * that core answers itself (app, session, the review page with its counts), and one channel per
 * provider call of src/shared/api, derived from its declaration. Payload schemas (checked by core
 * before anything runs) and the types of the renderer, preload, browser mode and core all come
 * from that table. The channels of a local service (runs, prefs, export, journal, undo) are bound,
 * `<group>.<method>`, to that method of core's service (core/bridge/localServices.ts); a provider
 * write declared `undoable` is a card's decision, journalled with what the card showed
 * (core/writes/journalWrite.ts).
 */

import {
  checked,
  groupChannels,
  local,
  reviewChannels,
  service,
  undoable,
  type AnyChannel,
  type ByFilterTypeChannel,
  type CallChannel,
  type LocalChannel,
  type Shown,
} from './bridgeChannelKinds';

import type { AppInfo } from './bridgeMessages';
import { queuesGlancePayloadSchema, queuesGlanceSchema } from './workbench/queues';
import {
  recordRunIdSchema,
  recordRunStartSchema,
  recordRunViewSchema,
} from './workbench/recordRuns';
import {
  dismissalPayloadSchema,
  dismissalsSchema,
  suggestPayloadSchema,
  suggestionsSchema,
} from './workbench/duplicateChannels';

export * from './bridgeMessages';

/**
 * The extension calls a screen sends itself (DESIGN.md, Extensions). Capabilities is core's own
 * (asked once per session, read by `extensions.get`); the borderline filter and count go through
 * review.list.
 */
const { capabilities: _capabilities, ...insightPageCalls } = EXTENSION_GROUPS.insight;
const { filter: _tf, count: _tc, ...insightTweetPageCalls } = EXTENSION_GROUPS.insightTweets;
const { filter: _nf, count: _nc, ...insightNewsPageCalls } = EXTENSION_GROUPS.insightNews;
// A story's decision is a run (runs.prepare, scope story), which records it once done; the
// Stories filter and count go through review.list, as the borderline ones do.
const {
  decide: _td,
  filter: _stf,
  count: _stc,
  ...storyTweetPageCalls
} = EXTENSION_GROUPS.storiesTweets;
const {
  decide: _nd,
  filter: _snf,
  count: _snc,
  ...storyNewsPageCalls
} = EXTENSION_GROUPS.storiesNews;

const openExternalPayloadSchema = z.object({ url: z.string().max(MAX_LINK_LENGTH) });

/** Where an opened link went: the address as checked, which is what was (or is to be) opened. */
export type OpenExternalResult =
  /** The desktop app handed it to the system browser. */
  | { openIn: 'system'; url: string }
  /** Browser mode: the console already runs in a browser, so the page opens it in a new tab. */
  | { openIn: 'page'; url: string };

export const CHANNELS = {
  'app.info': local<AppInfo>(),
  /**
   * Answered with nothing once core has done what it can now: core reads the bridge's calls in
   * the order they were sent, so its answer says every call sent before it has been read and taken
   * as far as it goes without waiting (a request written, unless it waits on a connection or a
   * token's renewal; renderer/bridge/coreHasRead.ts).
   */
  'app.ping': local<null>(),
  'session.get': local<SessionView>(),
  'session.signIn': local<SessionView, typeof signInPayloadSchema>(signInPayloadSchema),
  'session.signOut': local<SessionView>(),
  /**
   * The machine slept, was locked or changed networks: the access token may have expired
   * meanwhile, so the next call refreshes it first (SPEC.md 4, Session). Answers nothing.
   */
  'session.stale': local<null>(),
  /** Opens the log folder in the OS's file manager (desktop only). */
  'app.openLogFolder': local<null>(),
  'app.updateStatus': local<UpdateStatus>(),
  /** Checks the feed now; answers the state once the check has started. */
  'app.checkForUpdates': local<UpdateStatus>(),
  /** Quits and installs a downloaded update; refused (409) when none is ready. */
  'app.restartToUpdate': local<null>(),
  /**
   * The only way a link from item data leaves the console, once the user has seen its host
   * (RELIABILITY.md, checklist 15): checked again by core (https only, else 400), then opened in
   * the system browser by the desktop app, or answered for the page to open in browser mode.
   */
  'app.openExternal': local<OpenExternalResult, typeof openExternalPayloadSchema>(
    openExternalPayloadSchema,
  ),
  /** A page of items with its total and reviewed counts: three provider calls in one. */
  'review.list': local<ReviewListResult, typeof reviewListPayloadSchema>(reviewListPayloadSchema),
  /**
   * The count of a Review filter, with its insight fields when it has them (DESIGN.md,
   * Extensions).
   */
  'review.countView': local<number, typeof reviewListPayloadSchema>(reviewListPayloadSchema),
  /** Undoes one decision, if the item is still as the user left it (re-read first). */
  'undo.decision': service(undoResultSchema, undoPayloadSchema),
  /** Undoes the user's last undoable decision (ctrl+z / cmd+z). */
  'undo.last': service(undoResultSchema),
  /** Counts and freezes the items of a bulk run; it waits for runs.start (RunView.status ready). */
  'runs.prepare': service(runViewSchema, runPreparePayloadSchema),
  'runs.start': service(runViewSchema, runIdPayloadSchema),
  'runs.pause': service(runViewSchema, runIdPayloadSchema),
  /** Resumes a paused run, or an interrupted one found at start-up. */
  'runs.resume': service(runViewSchema, runIdPayloadSchema),
  'runs.cancel': service(runViewSchema, runIdPayloadSchema),
  /** Runs the failed items of a finished run again. */
  'runs.retryFailed': service(runViewSchema, runIdPayloadSchema),
  /** Starts the undo run of a finished run; answers the undo run. */
  'runs.undo': service(runViewSchema, runIdPayloadSchema),
  /** Forgets a prepared, finished or interrupted run (an interrupted one is not resumed). */
  'runs.discard': service(z.null(), runIdPayloadSchema),
  /** The user's runs: under way, interrupted, and the recent finished ones, newest first. */
  'runs.list': service(z.array(runViewSchema)),
  /** The signed-in user's waiting decisions and the connection (outbox.ts, issue 50). */
  'outbox.view': service(outboxViewSchema),
  /** Cancels a waiting decision (Cancel, Keep theirs, Dismiss); refused while it is being sent. */
  'outbox.cancel': service(outboxMessageSchema, outboxIdPayloadSchema),
  /** Apply mine on a waiting decision found in conflict: sent over the change. */
  'outbox.applyMine': service(outboxViewSchema, outboxIdPayloadSchema),
  /** Discards every waiting decision of the user (sign-out's Discard). */
  'outbox.discardAll': service(outboxMessageSchema),
  /** The user's journal, newest first (journal.ts). */
  'journal.list': service(journalPageSchema, journalQuerySchema),
  /** The user's own choices on this machine (prefs.ts), and when this session began. */
  'prefs.get': service(prefsViewSchema),
  /** Replaces one screen's saved views (save, rename, reorder and delete all come to this). */
  'prefs.setViews': service(userPrefsSchema, setViewsPayloadSchema),
  /** Gives an action its keys; refused (409) when another action holds one of them. */
  'prefs.setKeys': service(userPrefsSchema, setKeysPayloadSchema),
  'prefs.resetKeys': service(userPrefsSchema),
  'prefs.setColumns': service(userPrefsSchema, setColumnsPayloadSchema),
  'prefs.setDensity': service(userPrefsSchema, setDensityPayloadSchema),
  /** Review's Stories switch, kept per user. */
  'prefs.setStories': service(userPrefsSchema, setStoriesPayloadSchema),
  /** Start shift, and the break reminder's minutes (null: off). */
  'prefs.setShift': service(userPrefsSchema, setShiftPayloadSchema),
  /** Adds the views of a file Export views wrote; refused (400) with the reason if unreadable. */
  'prefs.importViews': service(viewsImportSchema, importViewsPayloadSchema),
  /** Writes every saved view to a file: a save dialog (desktop) or a download (browser mode). */
  'prefs.exportViews': service(exportViewSchema),
  /** Starts an export (export.ts); it answers once the file is chosen and writing has begun. */
  'export.start': service(exportViewSchema, exportStartPayloadSchema),
  /** Stops an export; nothing is left under the chosen name. */
  'export.cancel': service(exportViewSchema, exportIdPayloadSchema),
  /**
   * The user's audit sample, against any provider (src/shared/quality/auditChannels.ts): draws a
   * new one from the window (the last 7 days by default) and keeps the answers of the one before.
   * Refused (409) when the window holds nothing to audit; answers the new sample's progress.
   */
  'audit.start': service(auditProgressSchema, auditStartPayloadSchema),
  /** The current sample's progress per stratum, and today's answers (the shift panel). */
  'audit.current': service(auditProgressSchema),
  /** The next unanswered card, blind (quality/blindCard.ts), or null when all are answered. */
  'audit.next': service(auditNextSchema),
  /**
   * Keep or Eliminate on a served card: sent as the card's decision (journalled, undoable, checked
   * for a change since it was drawn), counted once, and answered with both sides revealed.
   */
  'audit.answer': service(auditRevealSchema, auditAnswerPayloadSchema),
  /** The answers and the strata's sizes of the current and the earlier samples (the estimates). */
  'audit.answers': service(auditAnswersSchema),
  /**
   * The team sample's unsettled disagreements (our server's audit extension): both answers, the
   * classifier's decision and the item. `offered: false` and none against any other provider.
   */
  'audit.disagreements': service(auditDisagreementsResultSchema),
  /**
   * A third reviewer's final decision on a disagreement: recorded and written to the item by the
   * server, and journalled (not undoable). 404 NOT_OFFERED without the audit extension.
   */
  'audit.settle': service(auditSettlementResultSchema, auditSettlePayloadSchema),
  /**
   * The Quality screen's figures from those answers (quality/qualityReport.ts): the current
   * sample's, per group with the audited items behind each figure, one per sample, agreement, and
   * the worse-after-a-model-run warning.
   */
  'audit.estimates': service(auditEstimatesSchema),
  /**
   * Queues at a glance (issue 49), against any provider: each operator queue's depth, its oldest
   * record's age, and what came in and went out over the last 24 hours; a queue that could not be
   * read says why and hides no other.
   */
  'queues.glance': service(queuesGlanceSchema, queuesGlancePayloadSchema),
  /**
   * Likely duplicates (issue 49): for each detected record of a queue page, the catalogue records
   * it most likely is, ranked, with the evidence for and against; pairs said not to be duplicates
   * are left out. Core reads the catalogue it already holds.
   */
  'duplicates.suggest': service(suggestionsSchema, suggestPayloadSchema),
  /** "Not a duplicate", kept for the user: the pair is not suggested again. */
  'duplicates.dismiss': service(dismissalsSchema, dismissalPayloadSchema),
  /** Undoes a "Not a duplicate". */
  'duplicates.restore': service(dismissalsSchema, dismissalPayloadSchema),
  /** The user's "Not a duplicate" pairs, newest first. */
  'duplicates.dismissed': service(dismissalsSchema),
  /**
   * A bulk run on a reference list (issue 49): the chosen records' writes, frozen, one after
   * another, journalled under the run's id; answers once it has started.
   */
  'recordRuns.start': service(recordRunViewSchema, recordRunStartSchema),
  /** A run as it stands. */
  'recordRuns.get': service(recordRunViewSchema, recordRunIdSchema),
  /** Stops a run after the write under way; what is left is not written. */
  'recordRuns.cancel': service(recordRunViewSchema, recordRunIdSchema),
  /**
   * What the server offers beyond SPEC.md 7 (DESIGN.md, Extensions): asked once per session by
   * core, and [] when the server answers anything but a readable list (a 404, HTML, garbage).
   */
  'extensions.get': local<ServerExtension[]>(),
  /**
   * What the Review page shows now and whether its window is in use (DESIGN.md, Several people at
   * once: cards stay true): core follows those items and sends review.itemsChanged when one
   * changes elsewhere. An empty list stops following. Answers nothing.
   */
  'live.watch': local<null, typeof liveWatchPayloadSchema>(liveWatchPayloadSchema),
  /**
   * One page of the Crypto Currency list (docs/performance.md, The server and the catalogue): core
   * keeps the provider's whole answer and sends only the rows shown (catalogue.ts).
   */
  'currencies.cataloguePage': local<CataloguePage, typeof cataloguePagePayloadSchema>(
    cataloguePagePayloadSchema,
  ),
  ...reviewChannels(REVIEW_GROUPS.tweets, REVIEW_GROUPS.news),
  /**
   * A card's decisions (select, eliminate, add keyword; the eliminated keyword's reason): the
   * declared calls, journalled with what the card showed and offered for undo (runs.ts).
   */
  'review.manualChange': undoable(
    REVIEW_GROUPS.tweets.manualChange,
    REVIEW_GROUPS.news.manualChange,
  ),
  'review.addEliminatedKeyword': undoable(
    REVIEW_GROUPS.tweets.addEliminatedKeyword,
    REVIEW_GROUPS.news.addEliminatedKeyword,
  ),
  /** A card's Review: checked against what the card showed like the decisions, with no undo. */
  'review.reviewed': checked(REVIEW_GROUPS.tweets.reviewed, REVIEW_GROUPS.news.reviewed),
  ...groupChannels('insight', insightPageCalls),
  ...reviewChannels(insightTweetPageCalls, insightNewsPageCalls, 'insight'),
  /**
   * The work queue (the claims extension): leases on items, sent by core only to a server whose
   * capabilities list `claims`, and not journalled (a lease changes no item).
   */
  ...groupChannels('claims', EXTENSION_GROUPS.claims),
  ...reviewChannels(EXTENSION_GROUPS.claimsTweets, EXTENSION_GROUPS.claimsNews, 'claims'),
  /**
   * Stories (the stories extension, issue 48): a page's stories, a story's members, its
   * inheritance turned on or off, a member split off; sent by core only to a server whose
   * capabilities list `stories`. Deciding a story is a run over its members (runs.prepare).
   */
  ...reviewChannels(storyTweetPageCalls, storyNewsPageCalls, 'stories'),
  ...groupChannels('currencies', PROVIDER_GROUPS.currencies),
  ...groupChannels('markets', PROVIDER_GROUPS.markets),
  ...groupChannels('tags', PROVIDER_GROUPS.tags),
  ...groupChannels('configurations', PROVIDER_GROUPS.configurations),
  ...groupChannels('mismatches', PROVIDER_GROUPS.mismatches),
  ...groupChannels('accounts', PROVIDER_GROUPS.accounts),
} satisfies Record<string, AnyChannel>;

type Channels = typeof CHANNELS;
export type BridgeChannel = keyof Channels;

type ByFilterTypePayload<T extends AnyCall, N extends AnyCall> =
  ({ filterType: 'tweets' } & CallPayload<T>) | ({ filterType: 'news' } & CallPayload<N>);
type PayloadOfChannel<E> =
  E extends LocalChannel<infer P, unknown>
    ? z.input<P>
    : E extends CallChannel<infer C>
      ? CallPayload<C> & { shownRecord?: ShownRecord }
      : E extends ByFilterTypeChannel<infer T, infer N>
        ? E extends { undoable: true } | { checked: true }
          ? ByFilterTypePayload<T, N> & Shown
          : ByFilterTypePayload<T, N>
        : never;
type ResultOfChannel<E> =
  E extends LocalChannel<z.ZodType, infer R>
    ? R
    : E extends CallChannel<infer C>
      ? CallAnswer<C>
      : E extends ByFilterTypeChannel<infer T, infer N>
        ? E extends { undoable: true }
          ? CallAnswer<T> | CallAnswer<N> | DecisionResult | WaitingAnswer
          : E extends { checked: true }
            ? CallAnswer<T> | CallAnswer<N> | WaitingAnswer
            : CallAnswer<T> | CallAnswer<N>
        : never;

export type PayloadOf<C extends BridgeChannel> = PayloadOfChannel<Channels[C]>;
/** What a handler in core receives: the payload once its schema has read it (defaults filled). */
export type CheckedPayloadOf<C extends BridgeChannel> =
  Channels[C] extends LocalChannel<infer P, unknown> ? z.output<P> : PayloadOf<C>;
export type ResultOf<C extends BridgeChannel> = ResultOfChannel<Channels[C]>;
/** Kept for readers who look for the map of every channel. */
export type BridgeChannels = {
  [C in BridgeChannel]: { payload: PayloadOf<C>; result: ResultOf<C> };
};

function payloadSchemaOfChannel(entry: AnyChannel): z.ZodType {
  switch (entry.kind) {
    case 'local':
      return entry.payload;
    case 'call':
      // A write may name the record its screen showed (issue 49): the journal keeps it.
      return entry.call.method === 'GET'
        ? payloadSchemaOf(entry.call)
        : (payloadSchemaOf(entry.call) as z.ZodObject).extend({
            shownRecord: shownRecordSchema.optional(),
          });
    case 'byFilterType': {
      const shown =
        entry.undoable || entry.checked
          ? { shown: shownItemSchema.optional(), applyAnyway: z.literal(true).optional() }
          : {};
      return z.discriminatedUnion('filterType', [
        (payloadSchemaOf(entry.tweets) as z.ZodObject).extend({
          filterType: z.literal('tweets'),
          ...shown,
        }),
        (payloadSchemaOf(entry.news) as z.ZodObject).extend({
          filterType: z.literal('news'),
          ...shown,
        }),
      ]);
    }
  }
}

/** Payload schemas, checked by core before any handler runs. */
export const bridgePayloadSchemas = Object.fromEntries(
  Object.entries(CHANNELS).map(([name, entry]) => [name, payloadSchemaOfChannel(entry)]),
) as { [C in BridgeChannel]: z.ZodType<PayloadOf<C>> };

export const BRIDGE_CHANNELS = Object.keys(CHANNELS) as BridgeChannel[];

export function isBridgeChannel(value: unknown): value is BridgeChannel {
  return typeof value === 'string' && Object.hasOwn(CHANNELS, value);
}

/** The result schema a local service's channel declares; null for any other channel. */
export function resultSchemaOf(channel: BridgeChannel): z.ZodType | null {
  const entry: AnyChannel = CHANNELS[channel];
  return entry.kind === 'local' ? (entry.result ?? null) : null;
}

/** True for a channel declared undoable: a card's decision (ByFilterTypeChannel.undoable). */
export function isUndoableChannel(channel: BridgeChannel): boolean {
  const entry: AnyChannel = CHANNELS[channel];
  return entry.kind === 'byFilterType' && entry.undoable === true;
}

/**
 * True for a card's decision (undoable or checked): a payload naming what the card showed is sent
 * only if the item is still so (src/shared/conflict.ts).
 */
export function isCheckedChannel(channel: BridgeChannel): boolean {
  const entry: AnyChannel = CHANNELS[channel];
  return entry.kind === 'byFilterType' && (entry.undoable === true || entry.checked === true);
}

/** The declared call a provider channel sends for this payload, or null for a local channel. */
export function callOfChannel(channel: BridgeChannel, filterType?: FilterType): AnyCall | null {
  const entry: AnyChannel = CHANNELS[channel];
  if (entry.kind === 'call') return entry.call;
  if (entry.kind === 'byFilterType') return filterType === 'news' ? entry.news : entry.tweets;
  return null;
}
