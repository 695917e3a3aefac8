import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditProgress, AuditReveal } from '../../../shared/quality/auditChannels';
import type { BlindCard } from '../../../shared/quality/blindCard';
import { reviewTarget } from '../../../shared/journal';
import { invoke } from '../../bridge/bridge';
import { BridgeCallError } from '../../bridge/bridgeError';
import { useRefreshQualityWarning } from '../../domain/audit/qualityWarning';
import { errorText } from '../../ui/errorText';
import { useDecisionNotice } from './useDecisionNotice';

/**
 * Where Audit mode stands: reading, no sample yet (Start an audit), one blind card (answering it,
 * or its reveal once answered), or every card of the sample answered.
 */
export type AuditView =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'noSample'; starting: boolean; problem: string | null }
  | {
      status: 'card';
      card: BlindCard;
      answering: boolean;
      /** Both sides of the answer, once given; null while the card is blind. */
      reveal: AuditReveal | null;
      /** Why the last answer was not recorded (409 already answered, a failure to retry). */
      problem: string | null;
      /** True once the card is settled either way (answered now, or already): Next is offered. */
      settled: boolean;
    }
  | { status: 'complete' };

/** Said with a decision's Undo: undoing it leaves the audit answer where it is. */
export const ANSWER_STAYS_COUNTED = 'Undo takes back the decision; the audit answer stays counted.';

/**
 * Audit mode's state and actions over the audit.* channels. The page only ever holds the blind
 * card audit.next answers (no item read, no live watch, no claim marks: each would tell the
 * classifier's decision); the decision and ratio arrive with audit.answer's reveal.
 */
export function useAuditMode() {
  const [view, setView] = useState<AuditView>({ status: 'loading' });
  const [progress, setProgress] = useState<AuditProgress | null>(null);
  const sayDecided = useDecisionNotice();
  // One call at a time from the keys and buttons (Enter on a focused button is also a click).
  const busy = useRef(false);
  const alive = useRef(true);
  // Leaving Audit mode reads the estimates once, so that the top bar's "worse after a model run"
  // follows the answers just given (not once per answer: a help, not a duty).
  const refreshWarning = useRefreshQualityWarning();
  const answeredHere = useRef(false);
  useEffect(
    () => () => {
      alive.current = false;
      if (answeredHere.current) void refreshWarning();
    },
    [refreshWarning],
  );

  const next = useCallback(async () => {
    const card = await invoke('audit.next');
    if (!alive.current) return;
    setView(
      card
        ? { status: 'card', card, answering: false, reveal: null, problem: null, settled: false }
        : { status: 'complete' },
    );
  }, []);

  const guarded = useCallback(async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await work();
    } catch (error) {
      if (alive.current) setView({ status: 'failed', message: errorText(error) });
    } finally {
      busy.current = false;
    }
  }, []);

  const load = useCallback(
    () =>
      guarded(async () => {
        setView({ status: 'loading' });
        const current = await invoke('audit.current');
        if (!alive.current) return;
        setProgress(current);
        if (current.sample) await next();
        else setView({ status: 'noSample', starting: false, problem: null });
      }),
    [guarded, next],
  );
  useEffect(() => void load(), [load]);

  /** Start an audit with the defaults (200 items, the last 7 days); an empty window says so. */
  const start = useCallback(
    () =>
      guarded(async () => {
        setView({ status: 'noSample', starting: true, problem: null });
        let started: AuditProgress;
        try {
          started = await invoke('audit.start', {});
        } catch (error) {
          if (alive.current)
            setView({ status: 'noSample', starting: false, problem: errorText(error) });
          return;
        }
        if (!alive.current) return;
        setProgress(started);
        await next();
      }),
    [guarded, next],
  );

  const answer = useCallback(
    (keep: boolean) => {
      if (view.status !== 'card' || view.settled) return;
      const { card } = view;
      return guarded(async () => {
        setView({ ...view, answering: true, problem: null });
        try {
          const reveal = await invoke('audit.answer', {
            source: card.source,
            itemId: card.itemId,
            keep,
          });
          answeredHere.current = true;
          if (!alive.current) return;
          setProgress(reveal.progress);
          setView({ ...view, answering: false, reveal, problem: null, settled: true });
          const { decision } = reveal;
          if (decision.sent)
            sayDecided(
              `${keep ? 'Keep' : 'Eliminate'}: saved`,
              `${keep ? 'Selected' : 'Eliminated'} ${reviewTarget(card.source, card.itemId)}`,
              {
                undoId: decision.undoId,
                cannotUndo: [decision.cannotUndo, ANSWER_STAYS_COUNTED].filter(Boolean).join(' '),
              },
              () => undefined,
            );
        } catch (error) {
          if (!alive.current) return;
          // Answered already (another window, a second press): nothing was counted twice, and
          // the way on is the next card. Any other failure counted nothing: answer again.
          const already = error instanceof BridgeCallError && error.status === 409;
          setView({
            ...view,
            answering: false,
            reveal: null,
            problem: errorText(error),
            settled: already,
          });
        }
      });
    },
    [view, guarded, sayDecided],
  );

  const toNext = useCallback(() => {
    if (view.status !== 'card' || !view.settled) return;
    return guarded(next);
  }, [view, guarded, next]);

  return { view, progress, load, start, answer, toNext };
}
