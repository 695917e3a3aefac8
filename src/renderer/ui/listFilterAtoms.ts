import { atom } from 'jotai';

/**
 * A list's applied filter and its own zero-based page counter (SPEC.md 2 and 9), kept across
 * screens. Applying a filter always starts the list again at page 0, here once, so that no screen
 * has to remember to reset its page; a new filter object reloads even when nothing changed.
 */
export function listFilterAtoms<F>(initial: F) {
  const pageAtom = atom(0);
  const appliedAtom = atom(initial);
  const filterAtom = atom(
    (get) => get(appliedAtom),
    (_get, set, next: F) => {
      set(appliedAtom, next);
      set(pageAtom, 0);
    },
  );
  return { filterAtom, pageAtom };
}
