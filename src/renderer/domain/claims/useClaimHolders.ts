import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FilterType } from '../../../shared/bodies/review';
import type { ClaimView } from '../../../shared/responses/claims';
import { painted } from '../../ui/afterPaint';
import { invoke } from '../../bridge/bridge';
import { sessionAtom } from '../../session/sessionAtoms';
import { usePoll } from '../../ui/usePoll';
import { useWindowInUse } from '../../ui/useWindowInUse';

/**
 * How often the holders of the cards on screen are asked again while the window is in use: a
 * lease's time left is said in whole minutes, so once a minute keeps it true to the minute, and
 * costs the server one small question a minute per console.
 */
export const HOLDERS_EVERY_MS = 60_000;

const NONE: ReadonlyMap<number, ClaimView> = new Map();

/**
 * Who else holds the items on screen in their queue (the claims extension), by data id: asked when
 * the cards change (a new page, a reload after a decision) and every HOLDERS_EVERY_MS while the
 * window is in use. Empty when `offered` is false (the server has no claims: nothing is asked) or
 * when nobody else holds any; the signed-in user's own claims are not marks.
 */
export function useClaimHolders(
  offered: boolean,
  filterType: FilterType,
  ids: readonly number[],
): ReadonlyMap<number, ClaimView> {
  const me = useAtomValue(sessionAtom)?.username ?? null;
  const inUse = useWindowInUse();
  const [held, setHeld] = useState<{ key: string; holders: ReadonlyMap<number, ClaimView> }>({
    key: '',
    holders: NONE,
  });
  const key = JSON.stringify([filterType, ids]);
  // The cards on screen now: a question for cards already gone is not asked.
  const shownKey = useRef(key);
  useEffect(() => {
    shownKey.current = key;
  }, [key]);
  const tick = useCallback(async () => {
    const [type, shown] = JSON.parse(key) as [FilterType, number[]];
    if (shown.length === 0) {
      setHeld({ key, holders: NONE });
      return true;
    }
    try {
      // Asked once the cards are on screen (afterPaint.ts): the marks decorate them.
      await painted();
      if (shownKey.current !== key) return true;
      const { claims } = await invoke('claims.holders', { filterType: type, ids: shown });
      const others = claims.filter((claim) => claim.holder !== me);
      setHeld({ key, holders: new Map(others.map((claim) => [claim.id, claim])) });
    } catch {
      // The marks are a help: a failed question leaves the last answer, and the next tick asks again.
    }
    return true;
  }, [key, me]);
  // Asked at once for new cards even in a window not in use (the marks must be right when the
  // reviewer looks), then again each minute only while someone may be looking.
  usePoll(tick, HOLDERS_EVERY_MS, offered && (inUse || held.key !== key), key);
  return offered && held.key === key ? held.holders : NONE;
}
