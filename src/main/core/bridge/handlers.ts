import type { AxiosInstance } from 'axios';
import {
  BRIDGE_CHANNELS,
  CHANNELS,
  callOfChannel,
  type AppInfo,
  type BridgeChannel,
} from '../../../shared/bridge';
import type { FilterType } from '../../../shared/bodies/review';
import { sendCall, type SessionValues } from '../api/sendCall';
import { BridgeFailure } from '../bridgeFailure';
import { checkExternalLink } from '../../../shared/externalLink';
import type { ExternalLinksPort, UpdatesPort } from '../desktop/desktopPorts';
import type { SessionManager } from '../session/sessionManager';
import type { BridgeHandlers } from './dispatcher';
import { createReviewListHandler } from './reviewListHandler';
import type { Decisions } from '../runs/decisions';
import type { RunManager } from '../runs/runManager';
import type { UserJournals } from '../writes/userJournals';
import { journalWrite } from '../writes/journalWrite';
import type { ExportChannel } from './exportHandlers';
import type { PrefsChannel } from './prefsHandlers';
import type { ServerExtensions } from '../insight/serverExtensions';
import { filterCallsOf } from '../insight/filterCalls';
import { createCatalogue, forgettingCatalogue } from '../catalogue/catalogueChannel';

type Handler = (payload: unknown) => Promise<unknown>;
type LocalChannel = {
  [C in BridgeChannel]: (typeof CHANNELS)[C]['kind'] extends 'local' ? C : never;
}[BridgeChannel];

/**
 * Every bridge channel's handler: the few core answers itself, and for each provider channel the
 * one generic caller with the call its declaration names.
 */
export function createHandlers(deps: {
  session: SessionManager;
  api: AxiosInstance;
  appInfo: AppInfo;
  updates: UpdatesPort;
  logFolder: { path: string; open(): Promise<void> } | null;
  /** The system browser (desktop); null in browser mode, where the page opens the link. */
  links: ExternalLinksPort | null;
  runs: RunManager;
  decisions: Decisions;
  journals: UserJournals;
  /** The prefs.* channels (prefsHandlers.ts). */
  prefs: Pick<BridgeHandlers, PrefsChannel>;
  /** The export.* channels (exportHandlers.ts). */
  exports: Pick<BridgeHandlers, ExportChannel>;
  /** What the server offers beyond SPEC.md 7 (issue 24). */
  extensions: ServerExtensions;
}): BridgeHandlers {
  const { session, api, appInfo, updates, logFolder, links, runs, decisions, journals } = deps;
  const { extensions } = deps;
  const fromSession: SessionValues = () => {
    const name = session.view().username;
    if (!name) throw new BridgeFailure(401, 'SESSION_ENDED', 'You are not signed in.');
    return name;
  };

  // The Crypto Currency list kept in core, paged over the bridge (issue 25).
  const catalogue = createCatalogue(api, session);

  const handlers: Partial<Record<BridgeChannel, Handler>> = {};
  for (const channel of BRIDGE_CHANNELS) {
    const kind = CHANNELS[channel].kind;
    if (kind === 'local') continue;
    const send = (payload: unknown, onStatus: (status: number) => void) => {
      const { filterType, ...rest } = payload as { filterType?: FilterType };
      const fields = kind === 'byFilterType' ? rest : (payload as Record<string, unknown>);
      return sendCall(api, callOfChannel(channel, filterType)!, fields, fromSession, onStatus);
    };
    // Every write of every screen goes to the user's journal, whatever its outcome.
    handlers[channel] = journalWrite(channel, send, {
      journals,
      username: () => session.view().username,
    });
  }

  const local: Pick<BridgeHandlers, Exclude<LocalChannel, PrefsChannel | ExportChannel>> = {
    'app.info': async () => appInfo,
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
    'session.signOut': () => session.signOut('user'),
    'review.list': createReviewListHandler(api, fromSession, extensions),
    'extensions.get': () => extensions.list(),
    'currencies.cataloguePage': (payload) => catalogue.page(payload),
    'review.countView': async ({ filterType, filter }) => {
      const calls = await filterCallsOf(extensions, filterType, filter);
      return (await sendCall(api, calls.count, calls.body, fromSession)) as number;
    },
    'review.decide': (payload) => decisions.decide(payload),
    'undo.decision': ({ undoId }) => decisions.undo(undoId),
    'undo.last': () => decisions.undoLast(),
    'runs.prepare': (payload) => runs.prepare(payload),
    'runs.start': ({ id }) => runs.start(id),
    'runs.pause': ({ id }) => runs.pause(id),
    'runs.resume': ({ id }) => runs.resume(id),
    'runs.cancel': ({ id }) => runs.cancel(id),
    'runs.retryFailed': ({ id }) => runs.retryFailed(id),
    'runs.undo': ({ id }) => runs.undo(id),
    'runs.discard': ({ id }) => runs.discard(id),
    'runs.list': () => runs.list(),
    'journal.list': async (query) => journals.list(fromSession('username'), query),
  };
  return forgettingCatalogue(
    { ...(handlers as BridgeHandlers), ...local, ...deps.prefs, ...deps.exports },
    catalogue,
  );
}
