/**
 * A reviewer's decisions on the Review screen, run inside the page (page.evaluate): each clicks
 * the card's own button as a user would (the same React handler) and waits for the screen's
 * answer, the toast that says saved or failed. Standalone functions: only their source reaches
 * the page (see inPage.ts).
 */

export type ActionResult = { ok: true } | { ok: false; reason: string };

export interface CardDecision {
  /** Which card of the page (0-19); cards without actions (eliminated by similarity) are skipped. */
  index: number;
  /** 'decide' flips the card (Select on an eliminated one, Eliminate on a kept one); 'review' marks it reviewed. */
  kind: 'decide' | 'review';
  timeoutMs: number;
}

export function decideOnCard(action: CardDecision): Promise<ActionResult> {
  const cards = Array.from(document.querySelectorAll<HTMLElement>('[data-item-id]')).filter((c) =>
    c.querySelector('[role="group"][aria-label="Actions"]'),
  );
  if (cards.length === 0) return Promise.resolve({ ok: false, reason: 'no card with actions' });
  const card = cards[action.index % cards.length]!;
  const buttons = Array.from(
    card.querySelectorAll<HTMLButtonElement>('[aria-label="Actions"] button'),
  );
  const byText = (text: string) => buttons.find((b) => b.textContent?.trim() === text);
  const kept = Array.from(card.querySelectorAll('.ant-tag')).some(
    (t) => t.textContent?.trim() === 'Selected',
  );
  const label = action.kind === 'review' ? 'Review' : kept ? 'Eliminate' : 'Select';
  const button = byText(label);
  if (!button) return Promise.resolve({ ok: false, reason: `no ${label} button` });
  const success = action.kind === 'review' ? 'Marked as reviewed' : `${label}: saved`;
  const failure = action.kind === 'review' ? 'Review failed' : `${label} failed`;

  return new Promise((resolve) => {
    let done = false;
    let confirmed = false;
    const finish = (result: ActionResult) => {
      if (done) return;
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      resolve(result);
    };
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.addedNodes)) {
          const text = node.textContent ?? '';
          if (text.includes(success)) finish({ ok: true });
          else if (text.includes(failure)) finish({ ok: false, reason: text.slice(0, 200) });
          // The confirmation of Review: its 'Yes!' button, clicked once it is there.
          if (action.kind === 'review' && !confirmed && node instanceof HTMLElement) {
            const yes = Array.from(
              node.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm button'),
            ).find((b) => b.textContent?.trim() === 'Yes!');
            if (yes) {
              confirmed = true;
              yes.click();
            }
          }
        }
    });
    const timer = setTimeout(
      () => finish({ ok: false, reason: `no answer to ${label} within ${action.timeoutMs} ms` }),
      action.timeoutMs,
    );
    observer.observe(document.body, { childList: true, subtree: true });
    button.click();
  });
}
