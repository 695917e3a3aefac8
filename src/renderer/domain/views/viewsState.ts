import { useAtomValue } from 'jotai';
import type { SavedView } from '../../../shared/prefs';
import { prefsAtom } from '../prefs/prefsState';
import { PAGE_PARAM } from '../../ui/resource/urlFilter';

/** A screen's saved views, in the user's order (the first nine open with alt+1 … alt+9). */
export function useScreenViews(path: string): readonly SavedView[] {
  return useAtomValue(prefsAtom).views[path] ?? [];
}

/**
 * What Save view keeps of the screen's URL: its query without the '?' and without the page, so a
 * view opens on its first page whatever page it was saved on.
 */
export function viewQueryOf(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(PAGE_PARAM);
  return params.toString();
}

/** A new view's id: unique among the user's views, never derived from what they typed. */
export function newViewId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** A view moved one place up (-1) or down (+1); the list unchanged at either end. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** What Import views says once core has added the file's views. */
export function importedText(added: number, skipped: number): string {
  return `Added ${added} ${added === 1 ? 'view' : 'views'} (${skipped} already there).`;
}
