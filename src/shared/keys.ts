/**
 * The console's keyboard shortcuts, declared once (docs/user-guide.md, A reviewer's shift, "Keys of
 * one's own"): each action's id, what it does, and its default keys in react-hotkeys-hook's
 * notation ('j', 'shift+x', 'ctrl+z', 'bracketright'). Core keeps a user's own keys (only the
 * actions they changed) and refuses a key another action holds; the renderer binds every shortcut
 * from the resulting map and the '?' overlay and Settings show it. No zod here: the shell imports
 * this (prefs.ts holds the schemas).
 */
/** alt+1 … alt+9 open the screen's first nine saved views. */
export const VIEW_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type ViewNumber = (typeof VIEW_NUMBERS)[number];

export const SHORTCUT_ACTIONS = [
  { id: 'next', label: 'Next item', keys: ['j', 'down'] },
  { id: 'previous', label: 'Previous item', keys: ['k', 'up'] },
  { id: 'select', label: 'Select: keep the item (or confirm it kept)', keys: ['s'] },
  {
    id: 'eliminate',
    label: 'Eliminate: take the item out (or confirm it eliminated)',
    keys: ['e'],
  },
  { id: 'review', label: 'Review the item (asks to confirm)', keys: ['r'] },
  { id: 'addKeyword', label: 'Add Keyword: go to the keyword box', keys: ['a'] },
  { id: 'choose', label: 'Choose or unchoose the focused item', keys: ['x'] },
  {
    id: 'chooseRange',
    label: 'Choose every item from the last chosen to the focused one',
    keys: ['shift+x'],
  },
  { id: 'undo', label: 'Undo your last decision', keys: ['ctrl+z', 'meta+z'] },
  { id: 'nextPage', label: 'Next page', keys: ['n', 'bracketright'] },
  { id: 'previousPage', label: 'Previous page', keys: ['p', 'bracketleft'] },
  { id: 'help', label: 'Show the keyboard shortcuts', keys: ['shift+slash'] },
  // The reference lists and queues (issue 49): next and previous are the items' keys above; these
  // act on the focused record with its own button (its modal or its confirm).
  { id: 'recordSave', label: 'Lists: Save the focused record', keys: ['shift+s'] },
  { id: 'recordMerge', label: 'Lists: Merge the focused record', keys: ['shift+m'] },
  { id: 'recordMatch', label: 'Lists: Match the focused record', keys: ['t'] },
  {
    id: 'recordDelete',
    label: 'Lists: Delete the focused record (asks to confirm)',
    keys: ['shift+d', 'delete'],
  },
  {
    id: 'recordCompare',
    label: 'Lists: Compare the focused record with the catalogue',
    keys: ['o'],
  },
  { id: 'recordHistory', label: "Lists: the focused record's History", keys: ['i'] },
  ...VIEW_NUMBERS.map((n) => ({
    id: `openView${n}` as `openView${ViewNumber}`,
    label: `Open saved view ${n}`,
    keys: [`alt+${n}`] as readonly string[],
  })),
] as const satisfies readonly { id: string; label: string; keys: readonly string[] }[];

export type ShortcutId = (typeof SHORTCUT_ACTIONS)[number]['id'];
export const SHORTCUT_IDS = SHORTCUT_ACTIONS.map((action) => action.id) as ShortcutId[];

/** Every action's keys: the defaults with the user's own in place of those they changed. */
export type KeyMap = Record<ShortcutId, readonly string[]>;

const MODIFIERS = ['ctrl', 'alt', 'shift', 'meta'] as const;

/**
 * One key in the notation react-hotkeys-hook binds: modifiers first, in a fixed order, then one
 * key name, lower case ('ctrl+shift+k'). Anything else is not a key.
 */
export function normalizeKey(text: string): string | null {
  const parts = text.trim().toLowerCase().split('+');
  const key = parts.pop();
  if (!key || !/^[a-z0-9]+$/.test(key) || MODIFIERS.includes(key as (typeof MODIFIERS)[number]))
    return null;
  if (parts.some((part) => !MODIFIERS.includes(part as (typeof MODIFIERS)[number]))) return null;
  if (new Set(parts).size !== parts.length) return null;
  const ordered = MODIFIERS.filter((modifier) => parts.includes(modifier));
  return [...ordered, key].join('+');
}

/** The user's own keys: only the actions they changed, each with one to three keys. */
export type KeyOverrides = Partial<Record<ShortcutId, readonly string[]>>;

export function keyMapOf(overrides: KeyOverrides): KeyMap {
  const map: Partial<Record<ShortcutId, readonly string[]>> = {};
  for (const action of SHORTCUT_ACTIONS) map[action.id] = overrides[action.id] ?? action.keys;
  return map as KeyMap;
}

export function shortcutLabel(id: ShortcutId): string {
  return SHORTCUT_ACTIONS.find((action) => action.id === id)!.label;
}

/**
 * The action that already holds one of these keys, if another does: giving `action` these keys
 * would make one press do two things, so it is refused with that action's name.
 */
export function keyConflict(
  map: KeyMap,
  action: ShortcutId,
  keys: readonly string[],
): { key: string; holder: ShortcutId; label: string } | null {
  for (const key of keys) {
    const holder = SHORTCUT_IDS.find((id) => id !== action && map[id].includes(key));
    if (holder) return { key, holder, label: shortcutLabel(holder) };
  }
  return null;
}

/** The message a refused key gets: the same from core and in Settings. */
export function keyConflictMessage(conflict: { key: string; label: string }): string {
  return `${keyLabel(conflict.key)} is already used by "${conflict.label}".`;
}

const KEY_NAMES: Record<string, string> = {
  down: '↓',
  up: '↑',
  left: '←',
  right: '→',
  bracketright: ']',
  bracketleft: '[',
  slash: '/',
  'shift+slash': '?',
  space: 'Space',
  enter: 'Enter',
  escape: 'Esc',
  meta: '⌘',
};

/** How a key is shown to people: 'shift+slash' is '?', 'meta+z' is '⌘+z'. */
export function keyLabel(key: string): string {
  const whole = KEY_NAMES[key];
  if (whole) return whole;
  return key
    .split('+')
    .map((part) => KEY_NAMES[part] ?? part)
    .join('+');
}
