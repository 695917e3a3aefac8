import type { AppInfo, BridgeEvent } from '../../shared/bridge';
import { createApiClient } from './api/apiClient';
import { createDispatcher, type Dispatch } from './bridge/dispatcher';
import { createHandlers } from './bridge/handlers';
import {
  ALL_DEFAULT_SOURCES,
  type ApiUrlSource,
  type DesktopInfo,
  type ElectronSupport,
} from '../../shared/desktop';
import {
  noUpdates,
  type ExternalLinksPort,
  type SaveFilesPort,
  type UpdatesPort,
} from './desktop/desktopPorts';
import { callContext } from './bridge/callContext';
import { createExportService } from './bridge/exportService';
import { createPrefsService } from './bridge/prefsHandlers';
import type { Logger } from './log';
import type { SecretStore } from './secrets/secretStore';
import { SessionManager } from './session/sessionManager';
import { createTokenEndpoints } from './session/tokenEndpoints';
import type { Settings } from './settings';
import { sendCall } from './api/sendCall';
import { Decisions } from './runs/decisions';
import { reviewCallsOf } from './runs/reviewCalls';
import { RunManager } from './runs/runManager';
import { storyCallsOf } from './stories/storyCalls';
import { UserJournals } from './writes/userJournals';
import { EXTENSION_GROUPS } from '../../shared/api';
import type { ServerExtension } from '../../shared/insight';
import { ServerExtensions } from './insight/serverExtensions';
import { LiveItems } from './live/liveItems';
import { releaseMyClaims } from './claims/claimLeases';
import { createAuditService } from './audit/auditService';
import { createAuditRouter } from './audit/auditRouter';
import type { DecidePort } from './audit/auditDecision';
import { createTeamAudit } from './audit/teamAudit';
import { ConnectionModel } from './connection/connectionModel';
import { providerProbe } from './connection/probe';
import { DECISION_TIMEOUT_MS, Outbox } from './outbox/outbox';
import { sendKeptWrite } from './outbox/sendKeptWrite';

export interface CoreOptions {
  settings: Settings;
  /** The API host actually used: the configured one, or the demo server's. */
  apiUrl: string;
  demo: boolean;
  shell: AppInfo['shell'];
  version: string;
  secrets: SecretStore;
  log: Logger;
  /** Electron passes net.fetch so Chromium's proxy and certificate settings apply. */
  fetch?: typeof fetch;
  /** Where the API host setting came from ('demo' when the demo server is used). */
  apiUrlSource: ApiUrlSource;
  /** Where each setting came from (settingsReport's sourceOf); every one a default if left out. */
  settingSources?: DesktopInfo['settingSources'];
  settingsFiles: DesktopInfo['settingsFiles'];
  /** The log files' folder and how to show it; none in browser mode (the log is the console). */
  logFolder?: { path: string; open(): Promise<void> };
  /** The Electron release and its support (electronSupport.ts); browser mode has none. */
  electron?: ElectronSupport | null;
  /** The updater; browser mode and development builds have none. */
  updates?: UpdatesPort;
  /** The system browser for links out; browser mode has none (the page opens them). */
  links?: ExternalLinksPort;
  /**
   * The user-data folder: each user's journal and runs are kept in a folder of their own under
   * it (DESIGN.md, "Per-user local data"). Left out or null: kept in memory (tests).
   */
  dataDir?: string | null;
  /**
   * Where exported files go (docs/user-guide.md, A reviewer's shift, Export…): the desktop app's
   * save dialog, browser mode's downloads. Left out: exports are written under `exportDir` (tests).
   */
  files?: SaveFilesPort;
  /** Browser mode's and tests' folder for exported files; the OS's temp folder if left out. */
  exportDir?: string | null;
  /** How often cards on screen are read again without the event stream (tests shorten it). */
  livePollIntervalMs?: number;
}

export interface Core {
  dispatch: Dispatch;
  session: SessionManager;
  runs: RunManager;
  journals: UserJournals;
  /** Decisions that got no answer, kept to send once the provider answers (issue 50). */
  outbox: Outbox;
  /** The connection to the provider as core sees it from real calls. */
  connection: ConnectionModel;
  /**
   * Gives the signed-in user's queue claims back to the team (the claims extension), as a sign-out
   * does, waiting RELEASE_WAIT_MS at most: on quit. Leases not released run out on their own.
   */
  releaseClaims(): Promise<void>;
  onEvent(listener: (event: BridgeEvent) => void): () => void;
  /**
   * What a kill does, for tests and a quit: nothing more is sent or kept (runs, outbox, probes);
   * the files stay as they are for the next start.
   */
  halt(): void;
  /** Halts, then closes the users' outbox and journal files (tests, and a core set aside). */
  close(): Promise<void>;
}

/** Assembles the trusted side: session, API client and bridge handlers. No Electron in here. */
export function createCore(options: CoreOptions): Core {
  const listeners = new Set<(event: BridgeEvent) => void>();
  const emit = (event: BridgeEvent) => listeners.forEach((listener) => listener(event));
  // Runs hear the session too: a run that waits for its user goes on after the next sign-in.
  let runs: RunManager | null = null;
  // The cards on screen that core follows (DESIGN.md, Several people at once: cards stay true).
  let live: LiveItems | null = null;
  // When this session began (a sign-in, or a restore at start-up): the shift panel's default start.
  let sessionStartedAt: string | null = null;
  // What the server offers beyond SPEC.md 7 (DESIGN.md, Extensions): asked once per session,
  // forgotten at its end.
  let extensions: ServerExtensions | null = null;
  // Decisions that got no answer (issue 50), told of the session and of the connection.
  let outbox: Outbox | null = null;
  const seconds = options.settings.requestTimeoutSeconds;
  const timeoutMs = seconds === null ? 0 : seconds * 1000;
  const session = new SessionManager({
    endpoints: createTokenEndpoints(options.apiUrl, options.fetch, timeoutMs, options.log),
    secrets: options.secrets,
    secretAccount: `refresh-token@${options.apiUrl}`,
    passwordKey: options.settings.passwordKey,
    signInClientId: options.settings.signInClientId,
    refreshClientId: options.settings.refreshClientId,
    log: options.log,
    emit: (event) => {
      if (event.type === 'session.changed') {
        if (!event.session.signedIn || sessionStartedAt === null) extensions?.forget();
        sessionStartedAt = event.session.signedIn
          ? (sessionStartedAt ?? new Date().toISOString())
          : null;
      }
      if (event.type === 'session.signedOut') {
        sessionStartedAt = null;
        extensions?.forget();
      }
      emit(event);
      runs?.onSessionEvent(event);
      outbox?.onSessionEvent(event);
      live?.onSessionEvent(event);
    },
  });
  // What real calls bring back tells core whether the provider is there (connectionModel.ts).
  const connection = new ConnectionModel({
    probe: providerProbe(options.apiUrl, options.fetch ?? fetch),
    onChange: (state) => {
      outbox?.onConnection(state);
      runs?.onConnection(state);
    },
  });
  const noteOutcome = connection.note.bind(connection);
  const api = createApiClient(
    options.apiUrl,
    session,
    options.fetch,
    timeoutMs,
    options.log,
    noteOutcome,
  );
  // A card's decision that hangs ends as no answer and waits in the outbox, rather than holding
  // its card (and the item's later decisions) for as long as the connection stays open.
  const decisionApi = createApiClient(
    options.apiUrl,
    session,
    options.fetch,
    timeoutMs === 0 ? DECISION_TIMEOUT_MS : Math.min(timeoutMs, DECISION_TIMEOUT_MS),
    options.log,
    noteOutcome,
  );
  // Who is signed in: every call's context (callContext.ts), and the work that outlives a call.
  const currentUser = () => session.view().username;
  const fromSession = callContext(currentUser).user;
  const journals = new UserJournals({
    root: options.dataDir ?? null,
    apiUrl: options.apiUrl,
    retentionDays: options.settings.journalRetentionDays,
    log: options.log,
    onAppended: (entry) => {
      live?.onJournal(entry);
      emit({ type: 'journal.appended', entry });
    },
  });
  const offered = new ServerExtensions(
    async () =>
      (await sendCall(
        api,
        EXTENSION_GROUPS.insight.capabilities,
        {},
        fromSession,
      )) as ServerExtension[],
    options.log,
  );
  extensions = offered;
  const calls = reviewCallsOf(api, fromSession, extensions);
  // The same calls on the client with the decisions' timeout: a run's and the outbox's calls end
  // as no answer then, and they wait for the provider rather than for a connection that hangs.
  const decisionCalls = reviewCallsOf(decisionApi, fromSession, extensions);
  runs = new RunManager({
    stories: storyCallsOf(api, fromSession, extensions),
    calls: decisionCalls,
    journals,
    session,
    concurrency: options.settings.runConcurrency,
    emit,
    log: options.log,
    connection,
  });
  const decisions = new Decisions({ calls, journals });
  outbox = new Outbox({
    folderOf: (username) => journals.folderOf(username),
    journals,
    findById: decisionCalls.findById,
    send: (write, headers) => sendKeptWrite(decisionApi, fromSession, write, headers),
    conditional: () => offered.offers('conditional-writes'),
    connection,
    signedInUser: currentUser,
    concurrency: options.settings.runConcurrency,
    emit,
    log: options.log,
  });
  live = new LiveItems({
    apiUrl: options.apiUrl,
    fetch: options.fetch ?? fetch,
    session,
    extensions,
    calls,
    emit,
    log: options.log,
    ...(options.livePollIntervalMs === undefined
      ? {}
      : { pollIntervalMs: options.livePollIntervalMs }),
  });
  const appInfo: AppInfo = {
    version: options.version,
    demo: options.demo,
    apiUrl: options.apiUrl,
    reviewers: options.settings.reviewers,
    linkHosts: options.settings.linkHosts,
    shell: options.shell,
    desktop: {
      apiUrlSource: options.apiUrlSource,
      settingSources: options.settingSources ?? ALL_DEFAULT_SOURCES,
      settingsFiles: options.settingsFiles,
      secretStore: options.secrets.kind,
      logFolder: options.logFolder?.path ?? null,
      electron: options.electron ?? null,
    },
  };
  const updates =
    options.updates ??
    noUpdates(
      options.shell === 'browser'
        ? 'Browser mode has no updater: IT installs new builds of the desktop app.'
        : 'This build has no updater.',
    );
  updates.onStatus((status) => emit({ type: 'app.update', status }));
  // An audit answer is a card's decision: it goes through the dispatcher as one does (checked,
  // journalled, offered for undo). The dispatcher is made below; an answer comes after.
  const decide: DecidePort = (payload) => dispatch('review.manualChange', payload);
  const audit = createAuditRouter({
    own: createAuditService({
      calls,
      decide,
      folderOf: (username) => journals.folderOf(username),
      concurrency: options.settings.runConcurrency,
      log: options.log,
    }),
    // The team's sample where the server offers the audit extension.
    team: createTeamAudit({
      send: (declared, payload) => sendCall(api, declared, payload, fromSession),
      calls,
      decide,
      journals,
    }),
    extensions,
  });
  const dispatch = createDispatcher(
    createHandlers({
      session,
      api,
      decisionApi,
      outbox,
      appInfo,
      updates,
      logFolder: options.logFolder ?? null,
      links: options.links ?? null,
      runs,
      decisions,
      journals,
      extensions,
      log: options.log,
      live,
      audit,
      prefs: createPrefsService({
        sessionStartedAt: () => sessionStartedAt,
        journals,
        files: options.files ?? null,
        tempDir: options.exportDir ?? null,
        emit,
        log: options.log,
      }),
      exports: createExportService({
        api,
        fromSession,
        calls,
        files: options.files ?? null,
        tempDir: options.exportDir ?? null,
        emit,
        log: options.log,
      }),
    }),
    options.log,
    currentUser,
  );
  const halt = () => {
    runs?.halt();
    outbox?.halt();
    connection.stop();
  };
  return {
    dispatch,
    session,
    runs,
    journals,
    outbox,
    connection,
    releaseClaims: () =>
      releaseMyClaims({
        api,
        extensions: offered,
        fromSession,
        signedIn: () => session.isLogged(),
        log: options.log,
      }),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    halt,
    async close() {
      halt();
      await outbox?.close();
      await journals.closeAll();
    },
  };
}
