import type { RefObject } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import type { KeyMap } from '../../../shared/keys';
import { hotkeysOf } from '../../domain/prefs/prefsState';
import type { ItemCardHandle } from './ItemCard';
import { PAGE_KEY_OPTIONS } from '../../ui/pageKeys';

/** What the Review screen's keys act on (useReviewController.ts hands it over). */
export interface ReviewHotkeysTarget {
  /** The user's key map (shared/keys.ts; changed in Settings, Keyboard). */
  keys: KeyMap;
  /** Off while the list is not shown or a dialog of the screen is open; Help stays on. */
  enabled: boolean;
  /** The cards on the page, and the one the keys act on. */
  items: readonly unknown[];
  cardRefs: readonly RefObject<ItemCardHandle | null>[];
  focused: number;
  setFocused(index: number): void;
  /** Choose the focused card, or the range from the last chosen one (useChoice.ts). */
  choice: { chooseAt(index: number, range: boolean): void };
  /** The page shown, how many there are, and the filter they are of: paging keys go through `go`. */
  page: number;
  pages: number;
  filter: unknown;
  go(target: number): void;
  openHelp(): void;
}

/**
 * The Review screen's keyboard (SPEC.md 4, Review items; the keys of the user's map): move between
 * cards, decide on the focused card, choose cards, turn pages, and open the shortcut help.
 */
export function useReviewHotkeys({
  keys,
  enabled,
  items,
  cardRefs,
  focused,
  setFocused,
  choice,
  page,
  pages,
  filter,
  go,
  openHelp,
}: ReviewHotkeysTarget): void {
  const current = (): RefObject<ItemCardHandle | null> | undefined =>
    cardRefs[Math.min(focused, items.length - 1)];
  const move = (delta: number) => {
    const next = Math.min(Math.max(focused + delta, 0), items.length - 1);
    setFocused(next);
    cardRefs[next]?.current?.focus();
  };
  const hotkeyOptions = { ...PAGE_KEY_OPTIONS, enabled };
  // Every key from the user's map (shared/keys.ts; changed in Settings, Keyboard).
  const bind = (action: Parameters<typeof hotkeysOf>[1]) => hotkeysOf(keys, action);
  useHotkeys(bind('next'), () => move(1), hotkeyOptions, [focused, items]);
  useHotkeys(bind('previous'), () => move(-1), hotkeyOptions, [focused, items]);
  useHotkeys(bind('select'), () => current()?.current?.select(), hotkeyOptions, [
    focused,
    cardRefs,
  ]);
  useHotkeys(bind('eliminate'), () => current()?.current?.eliminate(), hotkeyOptions, [
    focused,
    cardRefs,
  ]);
  useHotkeys(bind('review'), () => current()?.current?.review(), hotkeyOptions, [
    focused,
    cardRefs,
  ]);
  useHotkeys(bind('addKeyword'), () => current()?.current?.addKeyword(), hotkeyOptions, [
    focused,
    cardRefs,
  ]);
  useHotkeys(bind('choose'), () => choice.chooseAt(focused, false), hotkeyOptions, [
    focused,
    choice,
  ]);
  useHotkeys(bind('chooseRange'), () => choice.chooseAt(focused, true), hotkeyOptions, [
    focused,
    choice,
  ]);
  useHotkeys(bind('nextPage'), () => go(page + 1), hotkeyOptions, [page, pages, filter]);
  useHotkeys(bind('previousPage'), () => go(page - 1), hotkeyOptions, [page, pages, filter]);
  useHotkeys(bind('help'), () => openHelp(), { preventDefault: true }, []);
}
