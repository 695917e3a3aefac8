import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import type { BridgeChannel, PayloadOf, ResultOf } from '../../../shared/bridge';
import { keyMapOf, type KeyMap } from '../../../shared/keys';
import type { PrefsView, UserPrefs } from '../../../shared/prefs';
import { invoke, onBridgeEvent } from '../../bridge/bridge';

/**
 * The user's own choices (shared/prefs.ts) as core last told them: saved views, keys, columns,
 * density and the shift. Read once when the shell opens, followed through `prefs.changed`, and
 * changed only through core's prefs.* channels (usePrefsChange), whose answer replaces the copy.
 */

/**
 * The prefs before core answers, and of a user who never chose anything: shared/prefs.ts's
 * DEFAULT_PREFS, declared again here so that the shell does not load zod (a unit test keeps them
 * equal).
 */
export const DEFAULT_USER_PREFS: UserPrefs = {
  views: {},
  keys: {},
  columns: {},
  density: 'comfortable',
  stories: false,
  shiftStartedAt: null,
  breakReminderMinutes: null,
};

export const prefsViewAtom = atom<PrefsView | null>(null);

/** True once core has answered prefs.get for this session. */
export const prefsLoadedAtom = atom((get) => get(prefsViewAtom) !== null);

export const prefsAtom = atom((get) => get(prefsViewAtom)?.prefs ?? DEFAULT_USER_PREFS);

/** When this session began (the shift's default start); null until core says. */
export const sessionStartedAtAtom = atom((get) => get(prefsViewAtom)?.sessionStartedAt ?? null);

/** Every shortcut's keys: the defaults with the user's own in place (shared/keys.ts). */
export const keyMapAtom = atom<KeyMap>((get) => keyMapOf(get(prefsAtom).keys));

const putPrefsAtom = atom(null, (get, set, prefs: UserPrefs) => {
  set(prefsViewAtom, { sessionStartedAt: get(prefsViewAtom)?.sessionStartedAt ?? null, prefs });
});

/**
 * Reads the prefs once while the shell is shown and follows `prefs.changed` (another window).
 * Forgotten when the shell goes (sign-out), so the next user never sees the last one's views.
 */
export function usePrefsFeed(): void {
  const setView = useSetAtom(prefsViewAtom);
  const putPrefs = useSetAtom(putPrefsAtom);
  useEffect(() => {
    let cancelled = false;
    const unsubscribe = onBridgeEvent((event) => {
      if (event.type === 'prefs.changed') putPrefs(event.prefs);
    });
    invoke('prefs.get').then(
      (view) => {
        if (!cancelled) setView(view);
      },
      () => {
        // Prefs that cannot be read leave the defaults: every screen works without them.
      },
    );
    return () => {
      cancelled = true;
      unsubscribe();
      setView(null);
    };
  }, [setView, putPrefs]);
}

type PrefsChannel = {
  [C in BridgeChannel]: ResultOf<C> extends UserPrefs ? C : never;
}[BridgeChannel];

/**
 * A change to the prefs through one of core's channels; core's answer (the whole prefs) becomes
 * the copy. Throws what core refused (a key another action holds: 409 with its name).
 */
export function usePrefsChange(): <C extends PrefsChannel>(
  channel: C,
  ...payload: PayloadOf<C> extends undefined ? [] : [PayloadOf<C>]
) => Promise<UserPrefs> {
  const putPrefs = useSetAtom(putPrefsAtom);
  return useCallback(
    async (channel, ...payload) => {
      const prefs = (await invoke(channel, ...payload)) as UserPrefs;
      putPrefs(prefs);
      return prefs;
    },
    [putPrefs],
  );
}

/** The shortcut map, for a screen's useHotkeys: `useHotkeys(keys.select.join(','), …)`. */
export function useKeyMap(): KeyMap {
  return useAtomValue(keyMapAtom);
}

/** A shortcut's keys as react-hotkeys-hook takes them: 'j, down'. */
export function hotkeysOf(map: KeyMap, action: keyof KeyMap): string {
  return map[action].join(', ');
}
