/**
 * The part of a card that has the focus, named as the card draws it whatever draws it: a box by its
 * accessible name, a button by its own (its aria-label, else its text). A card that draws its keyword form and its decisions'
 * tooltips late (useLateKeywordForm.ts) puts new elements where the old ones were; the focus moves
 * to the same part of the new ones, so neither a keyboard nor a screen reader loses its place.
 */
export type FocusedPart = { box: string } | { button: string };

/** The part of `card` that has the focus, or null when the focus is elsewhere (or on the card). */
export function focusedPartOf(card: HTMLElement | null): FocusedPart | null {
  const active = document.activeElement;
  if (!card || !(active instanceof HTMLElement) || active === card || !card.contains(active))
    return null;
  const label = active.getAttribute('aria-label');
  if (active instanceof HTMLInputElement && label) return { box: label };
  if (active instanceof HTMLButtonElement && active.textContent)
    return { button: active.textContent };
  return null;
}

/** Focuses that part of `card` again, unless the focus is still on it (nothing was redrawn). */
export function focusPart(card: HTMLElement | null, part: FocusedPart | null): void {
  if (!card || !part) return;
  const target =
    'box' in part
      ? Array.from(card.querySelectorAll<HTMLElement>('input')).find(
          (input) => input.getAttribute('aria-label') === part.box,
        )
      : Array.from(card.querySelectorAll<HTMLButtonElement>('button')).find(
          (button) => buttonName(button) === part.button,
        );
  if (target && document.activeElement !== target) target.focus({ preventScroll: true });
}

const buttonName = (button: HTMLButtonElement) =>
  button.getAttribute('aria-label') ?? button.textContent ?? '';
