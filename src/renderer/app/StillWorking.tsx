import { useEffect, useState } from 'react';
import { oldestPendingSince, subscribePendingCalls } from '../bridge/pendingCalls';
import { MESSAGES } from '../../shared/messages';

/** A call waiting this long gets a word: long enough that ordinary calls never flash it. */
export const STILL_WORKING_AFTER_MS = 4000;

/**
 * Says the console is still waiting for the server once any call has been pending for
 * STILL_WORKING_AFTER_MS, and goes away when no call is that old. The spec's client sets no
 * timeout, so a slow provider would otherwise look like a frozen screen.
 */
export function StillWorking() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      const since = oldestPendingSince();
      if (since === null) {
        setSlow(false);
        return;
      }
      const waited = Date.now() - since;
      setSlow(waited >= STILL_WORKING_AFTER_MS);
      if (waited < STILL_WORKING_AFTER_MS)
        timer = setTimeout(check, STILL_WORKING_AFTER_MS - waited);
    };
    check();
    const unsubscribe = subscribePendingCalls(check);
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);
  return (
    // Always in the page, so screen readers announce the text when it appears.
    <div role="status" aria-live="polite" className="dqc-still-working">
      {slow && (
        <span className="dqc-still-working-text">
          <span className="dqc-spinner dqc-spinner-small" aria-hidden /> {MESSAGES.stillWorking}
        </span>
      )}
    </div>
  );
}
