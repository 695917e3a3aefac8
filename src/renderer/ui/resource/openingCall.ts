import type { CorePage } from './resourceState';
import type { FilterValues, Paging } from './types';

type CorePaging<Row, F extends FilterValues> = Extract<Paging<Row, F>, { kind: 'core' }>;
type PageFetch<Row, F extends FilterValues> = CorePaging<Row, F>['fetch'];

/** A list's opening call while it waits to be taken by the list's own first call. */
interface Opening {
  key: string;
  call: Promise<CorePage<unknown>>;
  /** When it was answered (or failed), Date.now(); null while it is out. */
  settledAt: number | null;
}

/**
 * How long an answered opening call may still be taken: the list commits within a frame or two of
 * its screen being drawn, and the answer may come first (a 304, a small search). Older than this,
 * the list asks again.
 */
export const OPENING_KEPT_MS = 1_000;

/** Each core-paged view's opening call not yet taken, by view (views live as long as the page). */
const openings = new WeakMap<object, Opening>();

const takeable = (opening: Opening | undefined, now: number): opening is Opening =>
  !!opening && (opening.settledAt === null || now - opening.settledAt <= OPENING_KEPT_MS);

const keyOf = (filter: FilterValues, page: number) => JSON.stringify([filter, page]);

/**
 * The call a core-paged list makes as it opens (its filter and page, fresh), started before the
 * screen is drawn rather than once it is committed: drawing the frame and the screen with the rows
 * it last showed took 40 to 50 ms of the catalogue's opening on this machine class, all spent
 * before the call left (docs/performance.md, The paint floor). The list's own first call, made
 * when it is committed (useLoadIf.ts), takes this one's answer instead of asking again
 * (pageFetch), also when the answer came first, for OPENING_KEPT_MS. Opening the same list on the
 * same filter and page again while one waits starts no second call. A failure is the list's to
 * show: here it is only kept from being reported as unhandled. True when it started a call.
 */
export function openList<Row, F extends FilterValues>(
  paging: CorePaging<Row, F>,
  filter: F,
  page: number,
): boolean {
  const key = keyOf(filter, page);
  const waiting = openings.get(paging);
  if (waiting?.key === key && takeable(waiting, Date.now())) return false;
  const call = paging.fetch(filter, page, true);
  const opening: Opening = { key, call, settledAt: null };
  openings.set(paging, opening);
  const settled = () => {
    opening.settledAt = Date.now();
  };
  call.then(settled, settled);
  return true;
}

/**
 * A core-paged list's fetch: a fresh call for the filter and page an opening call was made for
 * takes that call (once), anything else asks core. Taken once, and only by a fresh call of the
 * same filter and page, so a Try Again or a reload always asks again.
 */
export function pageFetch<Row, F extends FilterValues>(
  paging: CorePaging<Row, F>,
): PageFetch<Row, F> {
  return (filter, page, fresh) => {
    const opening = openings.get(paging);
    if (fresh && takeable(opening, Date.now()) && opening.key === keyOf(filter, page)) {
      openings.delete(paging);
      return opening.call as Promise<CorePage<Row>>;
    }
    return paging.fetch(filter, page, fresh);
  };
}
