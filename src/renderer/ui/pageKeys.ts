/** True for a key pressed inside a dialog above the page: the page's keys are not for it. */
export function inDialog(event: KeyboardEvent): boolean {
  return event.target instanceof Element && event.target.closest('[role="dialog"]') !== null;
}

/** True for a key pressed where text is typed: a letter there is text, not a shortcut. */
export function inTextField(event: KeyboardEvent): boolean {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/**
 * The Review page's single-key shortcuts: on the page and on a card's checkbox (x right after
 * clicking one toggles the next), never while typing or inside a dialog.
 */
export const PAGE_KEY_OPTIONS = {
  enableOnFormTags: true,
  ignoreEventWhen: (event: KeyboardEvent) => inDialog(event) || inTextField(event),
  preventDefault: true,
} as const;
