import {
  keyConflict,
  keyConflictMessage,
  keyMapOf,
  SHORTCUT_ACTIONS,
  type ShortcutId,
} from '../../../shared/keys';
import type { ColumnChoice, Density, SavedView, UserPrefs } from '../../../shared/prefs';
import { BridgeFailure } from '../bridgeFailure';

/**
 * The prefs.* changes as plain functions of the prefs before: each answers the prefs after, or
 * throws a BridgeFailure that says why the change is refused (and then nothing is stored).
 */

/** The message a second view of the same name gets (Save view and Rename say the same). */
export function viewNameTakenMessage(name: string): string {
  return `A view named "${name}" already exists.`;
}

/** Refuses a screen's list with two views of one id, or of one name (whatever its case). */
export function checkScreenViews(views: readonly SavedView[]): void {
  const ids = new Set<string>();
  const names = new Set<string>();
  for (const view of views) {
    if (ids.has(view.id))
      throw new BridgeFailure(400, 'DUPLICATE_VIEW_ID', `Two views have the same id "${view.id}".`);
    ids.add(view.id);
    const name = view.name.toLocaleLowerCase();
    if (names.has(name))
      throw new BridgeFailure(409, 'VIEW_NAME_TAKEN', viewNameTakenMessage(view.name));
    names.add(name);
  }
}

/** A copy of a record without one key (an empty list or a null choice forgets it). */
function without<V>(record: Partial<Record<string, V>>, key: string): Record<string, V> {
  const copy: Record<string, V> = {};
  for (const [k, v] of Object.entries(record)) if (k !== key && v !== undefined) copy[k] = v;
  return copy;
}

export function setViews(prefs: UserPrefs, path: string, views: SavedView[]): UserPrefs {
  checkScreenViews(views);
  return {
    ...prefs,
    views: views.length === 0 ? without(prefs.views, path) : { ...prefs.views, [path]: views },
  };
}

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((key) => b.includes(key));

/**
 * Gives an action its keys, refused (409) when another action holds one of them. Keys equal to the
 * action's defaults are no override at all, so that a later change of a default reaches them.
 */
export function setKeys(prefs: UserPrefs, action: ShortcutId, keys: readonly string[]): UserPrefs {
  const unique = [...new Set(keys)];
  const conflict = keyConflict(keyMapOf(prefs.keys), action, unique);
  if (conflict) throw new BridgeFailure(409, 'KEY_TAKEN', keyConflictMessage(conflict));
  const defaults = SHORTCUT_ACTIONS.find((a) => a.id === action)!.keys;
  const rest = without(prefs.keys, action);
  return { ...prefs, keys: sameKeys(unique, defaults) ? rest : { ...rest, [action]: unique } };
}

export function resetKeys(prefs: UserPrefs): UserPrefs {
  return { ...prefs, keys: {} };
}

export function setColumns(prefs: UserPrefs, path: string, choice: ColumnChoice | null): UserPrefs {
  return {
    ...prefs,
    columns: choice === null ? without(prefs.columns, path) : { ...prefs.columns, [path]: choice },
  };
}

export function setDensity(prefs: UserPrefs, density: Density): UserPrefs {
  return { ...prefs, density };
}

export function setStories(prefs: UserPrefs, stories: boolean): UserPrefs {
  return { ...prefs, stories };
}

/** Only the fields given change: undefined leaves a field, null sets it to its default. */
export function setShift(
  prefs: UserPrefs,
  change: { shiftStartedAt?: string | null; breakReminderMinutes?: number | null },
): UserPrefs {
  return {
    ...prefs,
    ...(change.shiftStartedAt !== undefined && { shiftStartedAt: change.shiftStartedAt }),
    ...(change.breakReminderMinutes !== undefined && {
      breakReminderMinutes: change.breakReminderMinutes,
    }),
  };
}
