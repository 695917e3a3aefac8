import { useEffect, useState } from 'react';
import type { KeywordImpactView } from '../../../shared/responses/insight';
import { invoke } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';
import { KEYWORD_IMPACT_MAX } from './keywordImpactText';

/** How long typing must pause before the server is asked. */
export const KEYWORD_IMPACT_DEBOUNCE_MS = 300;

/** The last answer that arrived, for the keyword it answered. */
type Answer = { keyword: string; view: KeywordImpactView } | { keyword: string; error: string };

/** What the preview shows for the keyword being typed. */
export type KeywordImpactLoad =
  /** Nothing to ask: no keyword, or the server does not offer keyword-impact. */
  | { status: 'none' }
  | { status: 'tooLong' }
  /**
   * Waiting for the typing to pause or for the answer; `shown` is the last answer (for an earlier
   * keyword, which it names), kept on screen meanwhile so the block does not flicker.
   */
  | { status: 'loading'; shown: KeywordImpactView | null }
  | { status: 'ready'; shown: KeywordImpactView }
  | { status: 'failed'; message: string };

/**
 * Asks the server what a keyword would touch, once typing pauses for KEYWORD_IMPACT_DEBOUNCE_MS.
 * The latest keyword wins: a pending pause is cancelled and an answer for an older keyword is
 * dropped. No call at all while `offered` is false or the keyword is blank.
 */
export function useKeywordImpact(keyword: string, offered: boolean): KeywordImpactLoad {
  const asked = keyword.trim();
  const sendable = offered && asked !== '' && asked.length <= KEYWORD_IMPACT_MAX;
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (!sendable) return;
    let live = true;
    const timer = setTimeout(() => {
      invoke('insight.keywordImpact', { keyword: asked }).then(
        (view) => {
          if (live) setAnswer({ keyword: asked, view });
        },
        (error: unknown) => {
          if (live) setAnswer({ keyword: asked, error: errorText(error) });
        },
      );
    }, KEYWORD_IMPACT_DEBOUNCE_MS);
    return () => {
      // A newer keyword (or leaving the form) makes this one's answer stale.
      live = false;
      clearTimeout(timer);
    };
  }, [sendable, asked]);

  if (!offered || asked === '') return { status: 'none' };
  if (!sendable) return { status: 'tooLong' };
  const previous = answer && 'view' in answer ? answer.view : null;
  if (answer?.keyword !== asked) return { status: 'loading', shown: previous };
  return 'view' in answer
    ? { status: 'ready', shown: answer.view }
    : { status: 'failed', message: answer.error };
}
