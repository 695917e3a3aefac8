import { randomUUID } from 'node:crypto';
import type { BridgeEvent } from '../../../shared/bridge';
import type { ExportView } from '../../../shared/export';
import type { UserPrefs } from '../../../shared/prefs';
import type { SaveFilesPort } from '../desktop/desktopPorts';
import { deliverFile } from '../files/deliverFile';
import type { Logger } from '../log';
import * as change from '../prefs/prefsChanges';
import { PrefsStore } from '../prefs/prefsStore';
import { localDate, mergeViews, parseViewsFile, viewsFileText } from '../prefs/viewsFile';
import type { UserJournals } from '../writes/userJournals';
import type { CallContext } from './callContext';
import type { BridgeHandlers } from './dispatcher';
import { bindService, type GroupChannel, type LocalService } from './localServices';

export type PrefsChannel = GroupChannel<'prefs'>;

export interface PrefsHandlersDeps {
  /** ISO time this session began (sign-in, or restore at start-up); null when signed out. */
  sessionStartedAt(): string | null;
  /** Each user's own folder (users/<hash>), or null when kept in memory. */
  journals: Pick<UserJournals, 'folderOf'>;
  files: SaveFilesPort | null;
  /** Where browser mode and tests write Export views' file before its download; OS temp if null. */
  tempDir?: string | null;
  emit(event: BridgeEvent): void;
  log: Logger;
  /** The clock (the export file's date, the name of a prefs file moved aside); tests set it. */
  now?: () => Date;
}

/** The prefs.* channels, bound to the prefs service by their declaration. */
export function createPrefsHandlers(deps: PrefsHandlersDeps): Pick<BridgeHandlers, PrefsChannel> {
  return bindService('prefs', createPrefsService(deps));
}

/**
 * The prefs service: a user's saved views, keys, columns, density and shift, kept by core in
 * the user's own folder (prefs/prefsStore.ts). Every change answers the whole prefs and tells every
 * window (`prefs.changed`); a refused change stores nothing.
 */
export function createPrefsService(deps: PrefsHandlersDeps): LocalService<'prefs'> {
  const now = deps.now ?? (() => new Date());
  const store = new PrefsStore({
    folderOf: (username) => deps.journals.folderOf(username),
    log: deps.log,
    now,
  });

  const changed = (prefs: UserPrefs) => deps.emit({ type: 'prefs.changed', prefs });

  /** Applies one change for the signed-in user, tells every window, answers the prefs. */
  async function apply(
    context: CallContext,
    next: (prefs: UserPrefs) => UserPrefs,
  ): Promise<UserPrefs> {
    const username = context.user();
    const result = await store.update(username, (prefs) => ({ prefs: next(prefs) }));
    if (result.changed) changed(result.prefs);
    return result.prefs;
  }

  return {
    get: async (_, context) => {
      const username = context.user();
      return { prefs: await store.get(username), sessionStartedAt: deps.sessionStartedAt() };
    },
    setViews: ({ path, views }, c) => apply(c, (p) => change.setViews(p, path, views)),
    setKeys: ({ action, keys }, c) => apply(c, (p) => change.setKeys(p, action, keys)),
    resetKeys: (_, c) => apply(c, change.resetKeys),
    setColumns: ({ path, choice }, c) => apply(c, (p) => change.setColumns(p, path, choice)),
    setDensity: ({ density }, c) => apply(c, (p) => change.setDensity(p, density)),
    setStories: ({ stories }, c) => apply(c, (p) => change.setStories(p, stories)),
    setShift: (shift, c) => apply(c, (p) => change.setShift(p, shift)),
    importViews: async ({ text }, context) => {
      const username = context.user();
      // Read before the queue: a file that is not one is refused without touching the prefs.
      const file = parseViewsFile(text);
      const result = await store.update(username, (prefs) => {
        const merged = mergeViews(prefs, file);
        return { prefs: merged.prefs, extra: { added: merged.added, skipped: merged.skipped } };
      });
      if (result.changed) changed(result.prefs);
      return {
        prefs: result.prefs,
        added: result.extra?.added ?? 0,
        skipped: result.extra?.skipped ?? 0,
      };
    },
    exportViews: async (_, context) => {
      const username = context.user();
      const { text, count } = viewsFileText(await store.get(username));
      const fileName = `dqc-views-${localDate(now())}.json`;
      const view: ExportView = {
        id: randomUUID(),
        status: 'done',
        format: 'json',
        written: count,
        total: count,
        fileName,
        savedTo: null,
        downloadUrl: null,
        message: null,
      };
      let delivered;
      try {
        delivered = await deliverFile({
          files: deps.files,
          tempDir: deps.tempDir ?? null,
          fileName,
          extension: 'json',
          contents: text,
        });
      } catch (error) {
        deps.log.warn('The views file could not be written:', error);
        const reason = error instanceof Error ? error.message : String(error);
        return {
          ...view,
          status: 'failed',
          written: 0,
          message: `The views file could not be written: ${reason}`,
        };
      }
      if (delivered === null)
        return { ...view, status: 'cancelled', written: 0, message: 'No file was chosen.' };
      return {
        ...view,
        fileName: delivered.fileName,
        savedTo: delivered.savedTo,
        downloadUrl: delivered.downloadUrl,
      };
    },
  };
}
