/**
 * A reviewer's decisions on the Review screen, run inside the page (page.evaluate): each clicks
 * the card's own button as a user would (the same React handler) and waits until the screen shows
 * the decision's result: the card drawn again from the list reloaded after the change (SPEC.md 4:
 * the list reloads 150 ms after a change), in its new state, and a frame produced after that.
 * The toast that says saved or failed is timed on the way. Standalone functions: only their source
 * reaches the page (see inPage.ts); the bridge log they read is installed by bridgeLog.ts.
 */
import type { BridgeLogEntry } from './bridgeLog';

/** The parts of one decision, each from the click, in ms on the page's clock; null: not seen. */
export interface DecisionSplit {
  /** The decision's bridge request handed to the socket. */
  sent: number | null;
  /** Its answer back from core. */
  answered: number | null;
  /** The toast saying saved. */
  toast: number;
  /** The list reload's request (the first review.list sent after the answer). */
  reloadSent: number | null;
  /** Its answer back. */
  reloadAnswered: number | null;
  /** The changed card on screen: a frame produced after the card showed its new state. */
  shown: number;
}

export type ActionResult =
  | { ok: true; split?: DecisionSplit }
  | { ok: false; reason: string; split?: Partial<DecisionSplit> };

export interface CardDecision {
  /** Which card of the page (0-19); cards without actions (eliminated by similarity) are skipped. */
  index: number;
  /** 'decide' flips the card (Select on an eliminated one, Eliminate on a kept one); 'review' marks it reviewed. */
  kind: 'decide' | 'review';
  /** The signed-in reviewer, whose name a reviewed card shows. */
  username: string;
  timeoutMs: number;
}

export function decideOnCard(action: CardDecision): Promise<ActionResult> {
  const log = (): BridgeLogEntry[] =>
    (window as unknown as { __benchBridgeLog?: BridgeLogEntry[] }).__benchBridgeLog ?? [];
  const cards = Array.from(document.querySelectorAll<HTMLElement>('[data-item-id]')).filter((c) =>
    c.querySelector('[role="group"][aria-label="Actions"]'),
  );
  if (cards.length === 0) return Promise.resolve({ ok: false, reason: 'no card with actions' });
  const card = cards[action.index % cards.length]!;
  const itemId = card.getAttribute('data-item-id') ?? '';
  const buttons = Array.from(
    card.querySelectorAll<HTMLButtonElement>('[aria-label="Actions"] button'),
  );
  const byText = (text: string) => buttons.find((b) => b.textContent?.trim() === text);
  const tagsOf = (element: Element) =>
    Array.from(element.querySelectorAll('.ant-tag'), (t) => t.textContent?.trim() ?? '');
  const kept = tagsOf(card).includes('Selected');
  const label = action.kind === 'review' ? 'Review' : kept ? 'Eliminate' : 'Select';
  const button = byText(label);
  if (!button) return Promise.resolve({ ok: false, reason: `no ${label} button` });
  const success = action.kind === 'review' ? 'Marked as reviewed' : `${label}: saved`;
  const failure = action.kind === 'review' ? 'Review failed' : `${label} failed`;
  // What the card shows once its change is back from the server.
  const changed = (tags: string[]) =>
    action.kind === 'review'
      ? tags.includes(`Reviewed by ${action.username}`)
      : tags.includes(kept ? 'Eliminated' : 'Selected');
  // The channels a decision's click calls (src/shared/bridge.ts); inline: no module variable
  // reaches the page.
  const channels = ['review.manualChange', 'review.reviewed'];

  return new Promise((resolve) => {
    let done = false;
    let confirmed = false;
    let clickedAt = 0;
    let toastAt: number | null = null;
    const since = (at: number | null | undefined) => (at == null ? null : at - clickedAt);
    /** The decision's request and the list reload that followed its answer, from the bridge log. */
    const calls = () => {
      const entries = log();
      const decision = entries.find((e) => e.sentAt >= clickedAt && channels.includes(e.channel));
      const answeredAt = decision?.answeredAt ?? null;
      const reload =
        answeredAt === null
          ? undefined
          : entries.find((e) => e.sentAt >= answeredAt && e.channel === 'review.list');
      return { decision, reload };
    };
    const splitNow = (shownAt: number): Partial<DecisionSplit> => {
      const { decision, reload } = calls();
      return {
        sent: since(decision?.sentAt),
        answered: since(decision?.answeredAt),
        ...(toastAt === null ? {} : { toast: toastAt - clickedAt }),
        reloadSent: since(reload?.sentAt),
        reloadAnswered: since(reload?.answeredAt),
        shown: shownAt - clickedAt,
      };
    };
    const finish = (result: ActionResult) => {
      if (done) return;
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      resolve(result);
    };
    /**
     * Checked before every frame once the toast said saved: the reload's answer is in and the card
     * (found again by its id: the list may have drawn it anew) shows its new state. The frame being
     * drawn then is the first to show it; a message posted now is delivered once it is done.
     */
    const watchForCard = () => {
      if (done) return;
      const { reload } = calls();
      const now = Array.from(document.querySelectorAll('[data-item-id]')).find(
        (c) => c.getAttribute('data-item-id') === itemId,
      );
      if (reload?.answeredAt != null && now && changed(tagsOf(now))) {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const split = splitNow(performance.now());
          finish({ ok: true, split: split as DecisionSplit });
        };
        channel.port2.postMessage(null);
        return;
      }
      requestAnimationFrame(watchForCard);
    };
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.addedNodes)) {
          const text = node.textContent ?? '';
          if (toastAt === null && text.includes(success)) {
            toastAt = performance.now();
            requestAnimationFrame(watchForCard);
          } else if (text.includes(failure))
            finish({
              ok: false,
              reason: text.slice(0, 200),
              split: splitNow(performance.now()),
            });
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
    const timer = setTimeout(() => {
      const split = splitNow(performance.now());
      const stage =
        toastAt === null
          ? `no answer to ${label}`
          : split.reloadAnswered == null
            ? `${label} saved, but no list reload answered`
            : `${label} saved, but card ${itemId} not shown changed`;
      finish({ ok: false, reason: `${stage} within ${action.timeoutMs} ms`, split });
    }, action.timeoutMs);
    observer.observe(document.body, { childList: true, subtree: true });
    clickedAt = performance.now();
    button.click();
  });
}
