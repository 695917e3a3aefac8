import { useHotkeys } from 'react-hotkeys-hook';
import type { ViewNumber } from '../../../shared/keys';
import type { SavedView } from '../../../shared/prefs';
import { hotkeysOf, useKeyMap } from '../prefs/prefsState';

/** A key pressed inside a dialog (a modal, a confirm) belongs to it, not to the screen. */
export function inDialog(event: KeyboardEvent): boolean {
  const target = event.target;
  return target instanceof Element && target.closest('[role="dialog"], .ant-modal') !== null;
}

/**
 * alt+1 … alt+9 (or the user's own keys for them) open the screen's first nine views, also while
 * a filter box has the focus; never from inside a dialog.
 */
export function useViewHotkeys(views: readonly SavedView[], open: (view: SavedView) => void): void {
  const keys = useKeyMap();
  // One hook per key, written out: hooks are never called in a loop.
  useViewKey(hotkeysOf(keys, 'openView1'), 1, views, open);
  useViewKey(hotkeysOf(keys, 'openView2'), 2, views, open);
  useViewKey(hotkeysOf(keys, 'openView3'), 3, views, open);
  useViewKey(hotkeysOf(keys, 'openView4'), 4, views, open);
  useViewKey(hotkeysOf(keys, 'openView5'), 5, views, open);
  useViewKey(hotkeysOf(keys, 'openView6'), 6, views, open);
  useViewKey(hotkeysOf(keys, 'openView7'), 7, views, open);
  useViewKey(hotkeysOf(keys, 'openView8'), 8, views, open);
  useViewKey(hotkeysOf(keys, 'openView9'), 9, views, open);
}

function useViewKey(
  keys: string,
  n: ViewNumber,
  views: readonly SavedView[],
  open: (view: SavedView) => void,
): void {
  const view = views[n - 1];
  useHotkeys(
    keys,
    () => {
      if (view) open(view);
    },
    {
      enableOnFormTags: true,
      enabled: view !== undefined,
      preventDefault: true,
      ignoreEventWhen: inDialog,
    },
    [view, open],
  );
}
