import type { ReactNode } from 'react';
import './screenReaderOnly.css';

/**
 * Words for a screen reader only (a mark's "Held by", a control's description): read in place,
 * taking no room on screen. One class for the whole renderer, so no feature keeps its own copy.
 */
export const SR_ONLY_CLASS = 'dqc-sr-only';

export function ScreenReaderOnly({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <span id={id} className={SR_ONLY_CLASS}>
      {children}
    </span>
  );
}
