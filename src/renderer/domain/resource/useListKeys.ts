import { useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import type { ShortcutId } from '../../../shared/keys';
import { PAGE_KEY_OPTIONS } from '../../ui/pageKeys';
import type { RecordAction } from '../../ui/resource/types';
import { hotkeysOf, useKeyMap } from '../prefs/prefsState';

/** Which row button each list shortcut presses (issue 49, keys and bulk). */
const ACTION_KEYS: readonly [ShortcutId, string][] = [
  ['recordSave', 'Save'],
  ['recordMerge', 'Merge'],
  ['recordMatch', 'Match'],
  ['recordDelete', 'Delete'],
  ['recordCompare', 'Compare'],
  ['recordHistory', 'History'],
];

/** The list's data rows, in the order shown (a row opened under one is not a record). */
function rowElements(label: string): HTMLTableRowElement[] {
  const table = [...document.querySelectorAll('table')].find(
    (element) => element.getAttribute('aria-label') === label,
  );
  return table ? [...table.querySelectorAll<HTMLTableRowElement>('tbody tr[data-slot]')] : [];
}

/** The row the focus is in, or -1. */
function focusedIndex(label: string): number {
  const active = document.activeElement;
  return active ? rowElements(label).findIndex((row) => row.contains(active)) : -1;
}

/** Moves the focus into a row: its first button or link, else the row itself. */
function focusRow(row: HTMLTableRowElement): void {
  const target = row.querySelector<HTMLElement>(
    'button:not([disabled]), a[href], input:not([disabled])',
  );
  if (target) target.focus();
  else {
    row.tabIndex = -1;
    row.focus();
  }
  // Not every DOM has it (jsdom lacks it).
  row.scrollIntoView?.({ block: 'nearest' });
}

/**
 * A reference list worked from the keyboard, with the user's key map (shared/keys.ts) as Review
 * is: next and previous record move the focus through the rows; choose and choose range pick rows
 * for a bulk run where the list has one; Save, Merge, Match, Delete (with
 * its confirm), Compare and History press that button of the focused row when it has one; the
 * paging keys turn pages; the help key opens the overlay that lists them. Off while a modal of the
 * list is open, inside a dialog, and while typing.
 */
export function useListKeys<Row>({
  label,
  rows,
  actions,
  act,
  page,
  pages,
  setPage,
  enabled,
  choose,
}: {
  label: string;
  rows: readonly Row[];
  actions: readonly RecordAction<Row>[];
  act(action: RecordAction<Row>, row: Row): void;
  page: number;
  pages: number;
  setPage(page: number): void;
  enabled: boolean;
  /** Chooses the focused record, or the range from the last chosen one; null: rows are not chosen. */
  choose: ((index: number, range: boolean) => void) | null;
}): { helpOpen: boolean; closeHelp(): void } {
  const keys = useKeyMap();
  const [helpOpen, setHelpOpen] = useState(false);
  const options = { ...PAGE_KEY_OPTIONS, enabled };
  const move = (delta: number) => {
    const elements = rowElements(label);
    if (elements.length === 0) return;
    const at = focusedIndex(label);
    const next = at === -1 ? (delta > 0 ? 0 : elements.length - 1) : at + delta;
    const row = elements[Math.min(Math.max(next, 0), elements.length - 1)];
    if (row) focusRow(row);
  };
  const press = (button: string) => {
    const row = rows[focusedIndex(label)];
    if (row === undefined) return;
    const action = actions.find(
      (a) => a.label === button && (a.visible?.(row) ?? true) && !(a.disabled?.(row) ?? null),
    );
    if (action) act(action, row);
  };
  useHotkeys(hotkeysOf(keys, 'next'), () => move(1), options, [rows, label]);
  useHotkeys(hotkeysOf(keys, 'previous'), () => move(-1), options, [rows, label]);
  for (const [id, button] of ACTION_KEYS)
    // The same hooks in the same order on every render: the list of pairs never changes.
    // eslint-disable-next-line react-hooks/rules-of-hooks
    useHotkeys(hotkeysOf(keys, id), () => press(button), options, [rows, actions, act, label]);
  useHotkeys(hotkeysOf(keys, 'nextPage'), () => page + 1 < pages && setPage(page + 1), options, [
    page,
    pages,
    setPage,
  ]);
  useHotkeys(hotkeysOf(keys, 'previousPage'), () => page > 0 && setPage(page - 1), options, [
    page,
    setPage,
  ]);
  const chooseFocused = (range: boolean) => {
    const at = focusedIndex(label);
    if (choose && at !== -1) choose(at, range);
  };
  useHotkeys(hotkeysOf(keys, 'choose'), () => chooseFocused(false), options, [choose, label]);
  useHotkeys(hotkeysOf(keys, 'chooseRange'), () => chooseFocused(true), options, [choose, label]);
  useHotkeys(hotkeysOf(keys, 'help'), () => setHelpOpen(true), options, []);
  return { helpOpen, closeHelp: () => setHelpOpen(false) };
}
