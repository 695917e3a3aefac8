import { useCallback, useRef, useState } from 'react';
import type { FilterType } from '../../../shared/bodies/review';
import type { ModelRunView } from '../../../shared/responses/insight';
import { invoke } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';
import { usePoll } from '../../ui/usePoll';

/** How often a run under way is asked about (about once a second). */
export const FOLLOW_EVERY_MS = 1000;
/** How long a run that the server has not listed yet is waited for. */
export const APPEAR_WITHIN_MS = 60_000;

/** What the Model button knows of the run it started (model-runs extension). */
export type FollowedRun =
  | { status: 'idle' }
  /** Model was pressed; the server has not listed the run yet. */
  | { status: 'waiting'; service: FilterType }
  | { status: 'running' | 'ended'; service: FilterType; run: ModelRunView }
  | { status: 'unreadable'; service: FilterType; message: string };

interface Following {
  service: FilterType;
  /** The newest run of the service before Model was pressed: the new one comes after it. */
  after: number | null;
  since: number;
}

/** The newest run of a service (the list is newest first), or null if there is none. */
export async function newestRun(service: FilterType): Promise<ModelRunView | null> {
  const page = await invoke('insight.modelRuns', { service, page: 0 });
  return page.runs.find((run) => run.service === service) ?? null;
}

/**
 * Follows the run the Model button started until it ends, then calls `onEnded` with it (the page
 * reloads: the ratios changed). Stops when the page goes away or the user closes the status.
 */
export function useModelRunFollow(onEnded: (run: ModelRunView) => void) {
  const [followed, setFollowed] = useState<FollowedRun>({ status: 'idle' });
  const [following, setFollowing] = useState<Following | null>(null);
  const current = useRef<Following | null>(null);

  const tick = useCallback(async (): Promise<boolean> => {
    const asked = current.current;
    if (!asked) return false;
    let run: ModelRunView | null;
    try {
      run = await newestRun(asked.service);
    } catch (error) {
      if (current.current === asked)
        setFollowed({ status: 'unreadable', service: asked.service, message: errorText(error) });
      return false;
    }
    // A newer Model press or a close meanwhile: this answer is for a run no longer followed.
    if (current.current !== asked) return false;
    if (!run || (asked.after !== null && run.id <= asked.after)) {
      if (Date.now() - asked.since > APPEAR_WITHIN_MS) {
        setFollowed({
          status: 'unreadable',
          service: asked.service,
          message: 'the server has not listed the new run',
        });
        return false;
      }
      setFollowed({ status: 'waiting', service: asked.service });
      return true;
    }
    const running = run.status === 'running';
    setFollowed({ status: running ? 'running' : 'ended', service: asked.service, run });
    if (!running) onEnded(run);
    return running;
  }, [onEnded]);

  usePoll(tick, FOLLOW_EVERY_MS, following !== null, following);

  /** Starts following the service's run that comes after `after` (null: its newest). */
  const follow = useCallback((service: FilterType, after: number | null) => {
    const next = { service, after, since: Date.now() };
    current.current = next;
    setFollowing(next);
    setFollowed({ status: 'waiting', service });
  }, []);

  /** Stops following and hides the status. */
  const dismiss = useCallback(() => {
    current.current = null;
    setFollowing(null);
    setFollowed({ status: 'idle' });
  }, []);

  return { followed, follow, dismiss };
}
