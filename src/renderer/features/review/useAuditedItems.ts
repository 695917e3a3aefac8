import { useCallback, useEffect, useState } from 'react';
import type { ReviewItem } from '../../../shared/api/records';
import type { AuditSource } from '../../../shared/quality/auditRecord';
import { invoke } from '../../bridge/bridge';
import { BridgeCallError } from '../../bridge/bridgeError';
import { errorText } from '../../ui/errorText';

/** Reads in flight at once: a figure's audited items may be a few hundred. */
export const AUDITED_READS_AT_ONCE = 4;

/** One audited item as read now: the item, gone from the provider (404), or a failed read. */
export type AuditedRead =
  | { id: number; status: 'found'; item: ReviewItem }
  | { id: number; status: 'missing' }
  | { id: number; status: 'failed'; message: string };

async function readOne(source: AuditSource, id: number): Promise<AuditedRead> {
  try {
    const item = await invoke('review.findById', { filterType: source, id });
    return { id, status: 'found', item };
  } catch (error) {
    if (error instanceof BridgeCallError && error.status === 404) return { id, status: 'missing' };
    return { id, status: 'failed', message: errorText(error) };
  }
}

/** Reads each id by SPEC.md 7's find by id, at most `atOnce` at a time, in the ids' order. */
export async function readAudited(
  source: AuditSource,
  ids: readonly number[],
  atOnce = AUDITED_READS_AT_ONCE,
): Promise<AuditedRead[]> {
  const reads: AuditedRead[] = new Array<AuditedRead>(ids.length);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < ids.length) {
      const index = nextIndex++;
      reads[index] = await readOne(source, ids[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, ids.length) }, worker));
  return reads;
}

/**
 * The audited items a Quality figure links to (`/filter?audited=<source>:<ids>`), read by id so
 * that exactly those show, whatever the filter: against any provider. `reload` reads them again
 * (after a decision on one).
 */
export function useAuditedItems(source: AuditSource, ids: readonly number[]) {
  const [reads, setReads] = useState<AuditedRead[] | null>(null);
  const [nonce, setNonce] = useState(0);
  const key = `${source}:${ids.join(',')}`;
  useEffect(() => {
    let current = true;
    void readAudited(source, ids).then((answer) => current && setReads(answer));
    return () => {
      current = false;
    };
    // The key says the ids; a new array with the same ids reads nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, nonce]);
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { reads, reload };
}
