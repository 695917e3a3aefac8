import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { hasExtension, type ExtensionName, type ServerExtension } from '../../../shared/insight';
import { invoke } from '../../bridge/bridge';

/**
 * What the server offers beyond SPEC.md 7, as core read it once this session: null until it has
 * answered. Every extension control reads this and is absent while it is null or the extension is
 * not offered: a control that would fail is never shown (DESIGN.md, Extensions).
 */
export const extensionsAtom = atom<ServerExtension[] | null>(null);

/** In the signed-in layout: asks core (which asks the server once per session). */
export function useExtensionsFeed(): void {
  const setExtensions = useSetAtom(extensionsAtom);
  useEffect(() => {
    let cancelled = false;
    invoke('extensions.get').then(
      (offered) => {
        if (!cancelled) setExtensions(offered);
      },
      () => {
        // Core answers [] for any answer it cannot read; a failure here is none as well.
        if (!cancelled) setExtensions([]);
      },
    );
    return () => {
      cancelled = true;
      setExtensions(null);
    };
  }, [setExtensions]);
}

/** Whether the server offers an extension, at `since` or later (false until core has answered). */
export function useExtension(name: ExtensionName, since = 1): boolean {
  return hasExtension(useAtomValue(extensionsAtom), name, since);
}

/** Every extension the server offers, or null while core has not answered (About lists them). */
export const useExtensions = (): ServerExtension[] | null => useAtomValue(extensionsAtom);
