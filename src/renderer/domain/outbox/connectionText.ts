import { OUTBOX_TEXTS, type OutboxView } from '../../../shared/outbox';

/**
 * The top bar's word on the connection and the outbox (issue 50), or null when there is nothing
 * to say (reachable, nothing waiting): "Offline: 3 decisions waiting" while the provider does not
 * answer, "Reconnecting" when nothing waits meanwhile, the count still to send once it answers, or
 * "Slow connection".
 */
export function connectionTextOf(
  view: OutboxView | null,
): { text: string; offline: boolean } | null {
  if (view === null) return null;
  const waiting = view.writes.length;
  if (view.connection === 'unreachable')
    return {
      text: waiting > 0 ? OUTBOX_TEXTS.offline(waiting) : OUTBOX_TEXTS.reconnecting,
      offline: true,
    };
  if (waiting > 0) return { text: OUTBOX_TEXTS.waitingOnline(waiting), offline: false };
  if (view.connection === 'slow') return { text: OUTBOX_TEXTS.slow, offline: false };
  return null;
}
