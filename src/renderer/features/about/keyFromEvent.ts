import { normalizeKey } from '../../../shared/keys';

/** What a pressed key is in react-hotkeys-hook's notation: the names the defaults use. */
const CODE_NAMES: Record<string, string> = {
  arrowdown: 'down',
  arrowup: 'up',
  arrowleft: 'left',
  arrowright: 'right',
  esc: 'escape',
  return: 'enter',
};

/** Keys that are only modifiers: a shortcut needs one more key after them. */
const MODIFIER_CODES = /^(shift|control|alt|meta|os)(left|right)?$|^altgraph$/i;

type PressedKey = Pick<
  KeyboardEvent,
  'code' | 'key' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'
>;

/**
 * A key press as Settings records it ('d', 'shift+x', 'ctrl+bracketright'): react-hotkeys-hook
 * matches a press by its physical key (KeyboardEvent.code: 'KeyD', 'Digit1', 'Slash'), so the
 * same is recorded, whatever the keyboard layout prints on it. Null for a modifier alone or a key
 * that has no name in that notation.
 */
export function keyFromEvent(event: PressedKey): string | null {
  const source = event.code || event.key;
  if (!source || MODIFIER_CODES.test(source)) return null;
  // The hook's own reading of a code: lower case, without 'key', 'digit' or 'numpad'.
  const mapped = source.toLowerCase().replace(/key|digit|numpad/, '');
  const name = CODE_NAMES[mapped] ?? mapped;
  const modifiers = [
    event.ctrlKey && 'ctrl',
    event.altKey && 'alt',
    event.shiftKey && 'shift',
    event.metaKey && 'meta',
  ].filter((modifier): modifier is string => modifier !== false);
  return normalizeKey([...modifiers, name].join('+'));
}
