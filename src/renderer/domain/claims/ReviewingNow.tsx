import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import type { ReviewerNowView } from '../../../shared/responses/claims';
import { invoke } from '../../bridge/bridge';
import { sessionAtom } from '../../session/sessionAtoms';
import { usePoll } from '../../ui/usePoll';
import { useWindowInUse } from '../../ui/useWindowInUse';
import { useExtension } from '../insight/extensionsState';
import { reviewingNowText } from './claimText';

/**
 * How often the top bar asks who else is reviewing, while the window is in use: a colleague
 * starting or leaving shows within a minute, at one small call a minute per console.
 */
export const REVIEWING_NOW_EVERY_MS = 60_000;

/** Readable on the navy bar (as the shift figure beside it). */
const ON_NAVY = 'rgba(255, 255, 255, 0.9)';

/**
 * The top bar's "Also reviewing: reviewer2 (tweets)": who else holds items in their queue now, and
 * of which service (the claims extension; absent without it, and while nobody else is).
 */
export function ReviewingNow() {
  const offered = useExtension('claims');
  const inUse = useWindowInUse();
  const me = useAtomValue(sessionAtom)?.username ?? null;
  const [reviewers, setReviewers] = useState<readonly ReviewerNowView[]>([]);
  const tick = useCallback(async () => {
    try {
      setReviewers((await invoke('claims.reviewingNow', {})).reviewers);
    } catch {
      // A help, not a duty: the last answer stays, and the next minute asks again.
    }
    return true;
  }, []);
  usePoll(tick, REVIEWING_NOW_EVERY_MS, offered && inUse);
  const text = offered ? reviewingNowText(reviewers, me) : null;
  if (!text) return null;
  return (
    <span
      role="status"
      className="dqc-reviewing-now"
      title={text}
      style={{ color: ON_NAVY, whiteSpace: 'nowrap' }}
    >
      {text}
    </span>
  );
}
