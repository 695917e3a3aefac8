import type { AxiosInstance } from 'axios';
import {
  BRIDGE_CHANNELS,
  CHANNELS,
  isCheckedChannel,
  type AppInfo,
  type BridgeChannel,
} from '../../../shared/bridge';
import { sendCall, type SessionValues } from '../api/sendCall';
import { sendOnChannel } from '../api/sendOnChannel';
import { BridgeFailure } from '../bridgeFailure';
import { checkExternalLink } from '../../../shared/externalLink';
import type { ExternalLinksPort, UpdatesPort } from '../desktop/desktopPorts';
import type { SessionManager } from '../session/sessionManager';
import type { CallContext } from './callContext';
import type { BridgeHandlers } from './dispatcher';
import { bindService, type GroupChannel, type LocalService } from './localServices';
import { createReviewListHandler } from './reviewListHandler';
import type { Decisions } from '../runs/decisions';
import type { UserJournals } from '../writes/userJournals';
import { journalWrite } from '../writes/journalWrite';
import { ConflictCheck } from '../writes/conflictCheck';
import type { Outbox } from '../outbox/outbox';
import type { ServerExtensions } from '../insight/serverExtensions';
import type { Logger } from '../log';
import { filterCallsOf } from '../insight/filterCalls';
import { createCatalogue, forgettingCatalogue } from '../catalogue/catalogueChannel';
import { offeredClaims, releaseMyClaims } from '../claims/claimLeases';
import { offeredStories } from '../stories/storyCalls';
import { isLeaseChannel } from '../writes/writeChannels';
import type { LiveItems } from '../live/liveItems';
import { createQueuesService } from '../workbench/queueGlance';
import { changesQueue } from '../../../shared/workbench/queues';
import { QueueSeenStore } from '../workbench/queueSeen';
import { createDuplicatesService } from '../workbench/suggestions';
import { DismissalStore } from '../workbench/dismissals';
import { HeldRead } from '../workbench/heldRead';
import { TeamDismissals } from '../workbench/teamDismissals';
import { EXTENSION_GROUPS } from '../../../shared/api';
import type { TeamNotDuplicate } from '../../../shared/api/notDuplicates';
import { createRecordRuns } from '../workbench/recordRuns';
import type { MarketRecord } from '../../../shared/api/records';

/** How long the markets read for likely duplicates are used before they are read again. */
const MARKETS_HELD_MS = 5 * 60_000;

type Handler = (payload: unknown, context: CallContext) => Promise<unknown>;
/** The local services bound by their declaration (localServices.ts), one per group. */
type ServiceGroup =
  | 'runs'
  | 'prefs'
  | 'export'
  | 'undo'
  | 'audit'
  | 'queues'
  | 'duplicates'
  | 'recordRuns'
  | 'outbox';
type ServiceChannel = GroupChannel<ServiceGroup> | 'journal.list';
type LocalChannel = {
  [C in BridgeChannel]: (typeof CHANNELS)[C]['kind'] extends 'local' ? C : never;
}[BridgeChannel];

/**
 * Every bridge channel's handler: for each provider channel the one generic caller with the call
 * its declaration names, every write journalled by one wrapper (journalWrite.ts); the local
 * services bound by their declaration; and the few channels core answers itself.
 */
export function createHandlers(deps: {
  session: SessionManager;
  api: AxiosInstance;
  /**
   * The client for a card's decisions and their checks: the same session, with a timeout, so that
   * a call that hangs ends as no answer and its decision waits in the outbox.
   */
  decisionApi: AxiosInstance;
  /** Core's outbox of decisions that got no answer (issue 50). */
  outbox: Outbox;
  appInfo: AppInfo;
  updates: UpdatesPort;
  logFolder: { path: string; open(): Promise<void> } | null;
  /** The system browser (desktop); null in browser mode, where the page opens the link. */
  links: ExternalLinksPort | null;
  runs: LocalService<'runs'>;
  decisions: Decisions;
  journals: UserJournals;
  prefs: LocalService<'prefs'>;
  exports: LocalService<'export'>;
  /** The user's audit sample (core/audit/). */
  audit: LocalService<'audit'>;
  /** What the server offers beyond SPEC.md 7 (DESIGN.md, Extensions). */
  extensions: ServerExtensions;
  log: Logger;
  /** The cards on screen that core follows (live.watch). */
  live: LiveItems;
}): BridgeHandlers {
  const { session, api, appInfo, updates, logFolder, links, decisions, journals } = deps;
  const { extensions } = deps;

  // The Crypto Currency list kept in core, paged over the bridge (docs/performance.md, The server
  // and the catalogue).
  const catalogue = createCatalogue(api, session);

  // No silent overwrite: a card's decision is sent only if the item is still as it showed it.
  const { decisionApi, outbox } = deps;
  const conflicts = new ConflictCheck({ api: decisionApi, extensions });

  const handlers: Partial<Record<BridgeChannel, Handler>> = {};
  for (const channel of BRIDGE_CHANNELS) {
    const kind = CHANNELS[channel].kind;
    if (kind === 'local') continue;
    const send = (
      payload: Record<string, unknown>,
      user: SessionValues,
      onStatus: (status: number) => void,
      headers?: Record<string, string>,
    ) =>
      sendOnChannel(
        isCheckedChannel(channel) ? decisionApi : api,
        channel,
        payload,
        user,
        onStatus,
        headers,
      );
    // Every write of every screen goes to the user's journal, whatever its outcome; a card's
    // decision is checked against what the card showed first.
    const handler = journalWrite(channel, send, { journals, decisions, conflicts, outbox });
    // The work queue's leases go only to a server that offers them.
    handlers[channel] = isLeaseChannel(channel)
      ? offeredClaims(extensions, handler)
      : channel.startsWith('stories.')
        ? offeredStories(extensions, handler)
        : handler;
  }

  // The operators' queues at a glance, read through the same read channels as their lists.
  const queues = createQueuesService({
    read: (context) => (channel, payload) => (handlers[channel] as Handler)(payload, context),
    seen: new QueueSeenStore({
      folderOf: (username) => journals.folderOf(username),
      log: deps.log,
    }),
    journals,
  });
  for (const channel of BRIDGE_CHANNELS) {
    const write = handlers[channel];
    if (!write || !changesQueue(channel)) continue;
    handlers[channel] = async (payload, context) => {
      try {
        return await write(payload, context);
      } finally {
        queues.forget();
      }
    };
  }

  // Likely duplicates from the catalogue core holds: the currencies of the Crypto Currency list, and
  // the markets, read once for them as the signed-in user.
  // The markets list (get-markets-includes with no text), kept five minutes or until a market write.
  const markets = new HeldRead<readonly MarketRecord[]>(MARKETS_HELD_MS);
  const duplicates = createDuplicatesService({
    catalogue: {
      currencies: () => catalogue.whole(),
      markets: (context) =>
        markets.get(
          context.user(),
          async () =>
            (await (handlers['markets.getMarketsIncludes'] as Handler)(
              { text: '' },
              context,
            )) as MarketRecord[],
        ),
    },
    dismissals: new DismissalStore({
      folderOf: (username) => journals.folderOf(username),
      log: deps.log,
    }),
    // "Not a duplicate" for the team where the server offers it (the not-duplicates extension).
    team: new TeamDismissals({
      offered: () => extensions.offers('not-duplicates'),
      list: async (context) =>
        (await sendCall(
          api,
          EXTENSION_GROUPS.notDuplicates.list,
          {},
          context.user,
        )) as TeamNotDuplicate[],
      add: (pair, context) => sendCall(api, EXTENSION_GROUPS.notDuplicates.add, pair, context.user),
      remove: (pair, context) =>
        sendCall(api, EXTENSION_GROUPS.notDuplicates.remove, pair, context.user),
    }),
  });

  // Bulk runs on reference lists: each write through its channel's own handler (journalled, the
  // queues' glance forgotten), under the run's id.
  const recordRuns = createRecordRuns({
    write: (channel, payload, runId, context) =>
      (handlers[channel] as Handler)({ ...payload, runId }, context),
  });

  const services: Pick<BridgeHandlers, ServiceChannel> = {
    ...bindService('recordRuns', recordRuns),
    ...bindService('duplicates', duplicates),
    ...bindService('queues', queues.service),
    ...bindService('runs', deps.runs),
    ...bindService('prefs', deps.prefs),
    ...bindService('export', deps.exports),
    ...bindService('undo', decisions),
    ...bindService('outbox', outbox),
    ...bindService('audit', deps.audit),
    ...bindService<'journal'>('journal', {
      list: async (query, context) => journals.list(context.user(), query),
    }),
  };

  const local: Pick<BridgeHandlers, Exclude<LocalChannel, ServiceChannel>> = {
    'app.info': async () => appInfo,
    // Answered after what is running now and every promise it queued (setImmediate): the calls
    // read before this one have then done all they can without waiting, a request on an open
    // connection written (renderer/bridge/coreHasRead.ts).
    'app.ping': () => new Promise<null>((resolve) => setImmediate(() => resolve(null))),
    'app.openLogFolder': async () => {
      if (!logFolder)
        throw new BridgeFailure(
          404,
          'NO_LOG_FOLDER',
          'Browser mode writes its log to the console.',
        );
      await logFolder.open();
      return null;
    },
    'app.updateStatus': async () => updates.status(),
    'app.checkForUpdates': () => updates.check(),
    'app.restartToUpdate': async () => {
      if (updates.status().state !== 'ready')
        throw new BridgeFailure(409, 'NO_UPDATE_READY', 'No update has been downloaded yet.');
      await updates.restartToUpdate();
      return null;
    },
    'app.openExternal': async ({ url }) => {
      // Checked here whatever the page checked: a page cannot send anything but https out.
      const link = checkExternalLink(url);
      if (!link.ok) throw new BridgeFailure(400, 'LINK_REFUSED', link.reason);
      if (!links) return { openIn: 'page', url: link.href };
      await links.open(link.href);
      return { openIn: 'system', url: link.href };
    },
    'session.stale': async () => {
      session.markStale();
      return null;
    },
    'session.get': async () => {
      await session.restore();
      return session.view();
    },
    'session.signIn': (payload) => session.signIn(payload),
    'session.signOut': async (_payload, context) => {
      // The user's claims go back to the team before the session ends (the claims extension).
      await releaseMyClaims({
        api,
        extensions,
        fromSession: context.user,
        signedIn: () => session.isLogged(),
        log: deps.log,
      });
      return session.signOut('user');
    },
    'review.list': createReviewListHandler(api, extensions),
    'extensions.get': () => extensions.list(),
    'live.watch': (payload) => deps.live.watch(payload),
    'currencies.cataloguePage': (payload) => catalogue.page(payload),
    'review.countView': async ({ filterType, filter }, context) => {
      const calls = await filterCallsOf(extensions, filterType, filter);
      return (await sendCall(api, calls.count, calls.body, context.user)) as number;
    },
  };
  return forgettingCatalogue(
    { ...(handlers as BridgeHandlers), ...services, ...local },
    {
      forget: () => {
        catalogue.forget();
        markets.forget();
      },
    },
  );
}
