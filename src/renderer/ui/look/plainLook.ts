import { createContext, useContext } from 'react';
import type { RowButtonLook } from '../resource/rowButton';
import type { CardLook } from './cardClass';
import type { FieldLook } from './fieldClass';
import type { TagColor } from './tagClass';

/**
 * Ant Design's classes for plain elements that look like its Button and Tag (rowButton.ts,
 * tagClass.ts), worked out once for the whole app (PlainLookProvider.tsx) rather than by each of
 * the hundred buttons and tags a page of review cards shows (docs/performance.md, Review and the
 * lists).
 */
export interface PlainLook {
  button(look: RowButtonLook): string;
  /** Button's class prefix ('ant-btn'), for the parts of a button: its loading icon. */
  buttonPrefix: string;
  tag(color?: TagColor): string;
  /** A form's, its items' and its selects' classes, for a card's keyword form stand-in. */
  field: FieldLook;
  /** A small bordered card's and a checkbox's classes, for a review card. */
  card: CardLook;
}

export const PlainLookContext = createContext<PlainLook | null>(null);

/** The app's plain look; AntShell provides it to every signed-in screen. */
export function usePlainLook(): PlainLook {
  const look = useContext(PlainLookContext);
  if (!look) throw new Error('usePlainLook needs a PlainLookProvider above it (AntShell has one).');
  return look;
}

/** A small default button, as Button's `size="small"` draws it: a card's History and Why?. */
export const SMALL_BUTTON: RowButtonLook = { primary: false, danger: false, small: true };
