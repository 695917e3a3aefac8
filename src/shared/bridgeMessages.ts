import type { SessionView, SignOutReason } from './auth';
import type { ItemConflict } from './conflict';
import type { DesktopInfo, UpdateStatus } from './desktop';
import type { ExportView } from './export';
import type { JournalEntry } from './journal';
import type { OutboxView } from './outbox';
import type { ItemsChangedEvent } from './liveItems';
import type { UserPrefs } from './prefs';
import type { RunView } from './runs';

/**
 * What crosses the bridge besides a channel's payload and result: the envelope every answer comes
 * in, the events the trusted side pushes, the IPC channel names, and browser mode's wire format
 * (DESIGN.md, One call, end to end).
 */

/** What Import views did. */
export interface ViewsImport {
  prefs: UserPrefs;
  added: number;
  /** Views already there (same id), left as they were. */
  skipped: number;
}

export interface AppInfo {
  version: string;
  /** True when the app talks to its own embedded demo server. */
  demo: boolean;
  apiUrl: string;
  reviewers: string[];
  /** Hosts whose links open without a confirm: IT's linkHosts (RELIABILITY.md, checklist 15). */
  linkHosts: string[];
  /** 'electron' or 'browser'. */
  shell: 'electron' | 'browser';
  /** Settings, secrets and logs, for the About / Settings screen. */
  desktop: DesktopInfo;
}

/** Errors cross IPC and WebSocket as data, so that status and code survive the trip. */
export interface BridgeError {
  status: number;
  code: string;
  message: string;
  /** A card's decision refused because the item changed since (code CONFLICT): what changed. */
  conflict?: ItemConflict;
}

export type Envelope<T> = { ok: true; data: T } | { ok: false; error: BridgeError };

/** Events pushed from the trusted side to the renderer. */
export type BridgeEvent =
  | { type: 'session.signedOut'; reason: SignOutReason; message: string | null }
  | { type: 'session.changed'; session: SessionView }
  | { type: 'app.update'; status: UpdateStatus }
  /** A run changed (progress at most a few times a second, every change of status). */
  | { type: 'runs.changed'; run: RunView }
  /** A write was journalled (the Journal screen and a card's history refresh). */
  | { type: 'journal.appended'; entry: JournalEntry }
  /** An export's progress (at most a few times a second) and every change of status. */
  | { type: 'export.changed'; export: ExportView }
  /**
   * The desktop app was asked to open a dqc-console:// link: the screen and query to show
   * (already checked to be a protected route's path; a link never carries a token).
   */
  | { type: 'app.openLink'; path: string }
  /**
   * The desktop app's File menu asked to sign out: the page asks first when decisions wait in the
   * outbox (issue 50), then signs out as its own Log Out does.
   */
  | { type: 'app.signOutAsked' }
  /** The user's prefs changed in another window. */
  | { type: 'prefs.changed'; prefs: UserPrefs }
  /**
   * The signed-in user's outbox or the connection to the provider changed (issue 50): the top bar's
   * indicator, the Outbox list and the cards' waiting marks. At most a few times a second.
   */
  | { type: 'outbox.changed'; outbox: OutboxView }
  /** Items the Review page shows (live.watch) changed elsewhere: shown in place, marked. */
  | ItemsChangedEvent;

export const IPC_INVOKE_CHANNEL = 'dqc:invoke';
export const IPC_EVENT_CHANNEL = 'dqc:event';

/** What the preload script exposes on `window.dqc`. */
export interface PreloadBridge {
  invoke(channel: string, payload: unknown): Promise<Envelope<unknown>>;
  onEvent(listener: (event: BridgeEvent) => void): () => void;
}

/** Browser-mode wire format over the WebSocket. */
export interface WsRequest {
  id: number;
  channel: string;
  payload: unknown;
}
export type WsMessage =
  | { kind: 'response'; id: number; envelope: Envelope<unknown> }
  | { kind: 'event'; event: BridgeEvent };
