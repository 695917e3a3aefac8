import dayjs from 'dayjs';
import { usePlainLook } from '../../ui/look/plainLook';
import { SR_ONLY_CLASS } from '../../ui/ScreenReaderOnly';

/** Who changed a card's item elsewhere, and when (useLiveCards.ts). */
export interface ChangeMark {
  /** The reviewer, when known; null when the provider's item does not say who. */
  by: string | null;
  /** ISO time of the change (or of when it was noticed, against a provider without events). */
  at: string;
}

/** "Changed by reviewer2, 10:42", in the reader's own time; "Changed elsewhere, …" without a name. */
export function changedText({ by, at }: ChangeMark): string {
  const time = dayjs(at);
  const when = time.isValid() ? time.format('HH:mm') : at;
  return by ? `Changed by ${by}, ${when}` : `Changed elsewhere, ${when}`;
}

/**
 * The mark on a card whose item changed elsewhere while it was shown (DESIGN.md, Several people at
 * once: cards stay true). The card stays where it is; this says why it now reads differently.
 */
export function ChangedMark({ mark }: { mark: ChangeMark }) {
  const { tag } = usePlainLook();
  return <span className={`${tag('gold')} dqc-changed-mark`}>{changedText(mark)}</span>;
}

/**
 * The page's one polite live region for changes made elsewhere: a screen reader says the latest
 * when the reader pauses, never interrupting. Present before any change, so that the first one is
 * announced too.
 */
export function ChangesAnnouncer({ text }: { text: string }) {
  return (
    <div role="status" aria-live="polite" aria-label="Changes by others" className={SR_ONLY_CLASS}>
      {text}
    </div>
  );
}
