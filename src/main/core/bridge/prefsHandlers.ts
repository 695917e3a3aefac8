import type { BridgeEvent } from '../../../shared/bridge';
import { BridgeFailure } from '../bridgeFailure';
import type { SaveFilesPort } from '../desktop/desktopPorts';
import type { Logger } from '../log';
import type { UserJournals } from '../writes/userJournals';
import type { BridgeHandlers } from './dispatcher';

export type PrefsChannel =
  | 'prefs.get'
  | 'prefs.setViews'
  | 'prefs.setKeys'
  | 'prefs.resetKeys'
  | 'prefs.setColumns'
  | 'prefs.setDensity'
  | 'prefs.setShift'
  | 'prefs.importViews'
  | 'prefs.exportViews';

export interface PrefsHandlersDeps {
  /** The signed-in user's name; throws 401 when no one is signed in. */
  username(): string;
  /** ISO time this session began (sign-in, or restore at start-up); null when signed out. */
  sessionStartedAt(): string | null;
  /** Each user's own folder (users/<hash>), or null when kept in memory. */
  journals: UserJournals;
  files: SaveFilesPort | null;
  emit(event: BridgeEvent): void;
  log: Logger;
}

/** TODO(issue 23): the prefs store. Until then every channel says it is not there. */
export function createPrefsHandlers(deps: PrefsHandlersDeps): Pick<BridgeHandlers, PrefsChannel> {
  void deps;
  const missing = async (): Promise<never> => {
    throw new BridgeFailure(501, 'NOT_BUILT', 'Not built yet.');
  };
  return {
    'prefs.get': missing,
    'prefs.setViews': missing,
    'prefs.setKeys': missing,
    'prefs.resetKeys': missing,
    'prefs.setColumns': missing,
    'prefs.setDensity': missing,
    'prefs.setShift': missing,
    'prefs.importViews': missing,
    'prefs.exportViews': missing,
  };
}
