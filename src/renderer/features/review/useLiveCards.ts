import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReviewItem } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';
import type { ItemChange, LiveWatchPayload } from '../../../shared/liveItems';
import { afterNextPaint } from '../../ui/afterPaint';
import { invoke, onBridgeEvent } from '../../bridge/bridge';
import { toFilterBody, type ReviewFilterValues } from '../../domain/reviewFilter/reviewFilter';
import { useWindowInUse } from '../../ui/useWindowInUse';
import type { ChangeMark } from './ChangedMark';
import type { ListState } from './useReviewList';

const NO_ITEMS: readonly ReviewItem[] = [];

interface Overlay {
  /** The list answer the changes apply to: a new answer is read fresh and starts without them. */
  base: readonly ReviewItem[];
  fields: ReadonlyMap<number, ItemChange['fields']>;
  /** Kept while the item stays on the page, across the list's reloads. */
  marks: ReadonlyMap<number, ChangeMark>;
  /** What the announcer says last. */
  announced: string;
}

/** The item with a change applied: reviewedBy and eliminatedKeyword null mean none. */
function applied(item: ReviewItem, fields: ItemChange['fields']): ReviewItem {
  const { reviewedBy, eliminatedKeyword, ...known } = fields;
  return {
    ...item,
    ...known,
    reviewedBy: reviewedBy ?? undefined,
    eliminatedKeyword: eliminatedKeyword ?? undefined,
  };
}

/** What core is told a card shows (live.watch). */
const watchedOf = (item: ReviewItem) => ({
  id: item.id!,
  selected: item.selected ?? null,
  manuallyChanged: item.manuallyChanged ?? null,
  reviewedBy: item.reviewedBy ?? null,
  eliminatedKeyword: item.eliminatedKeyword ?? null,
});

/**
 * Cards that stay true while others work (DESIGN.md, Several people at once): the page tells core
 * what it shows and whether its window is in use (live.watch; core follows them by our server's
 * event stream or a bounded poll), and applies what core reports changed elsewhere in place: the
 * card keeps its place and its instance (a card is never moved or removed under the pointer, and
 * its keyword form keeps what is typed), is marked with who changed it and when, and the change is
 * announced politely. A reload of the list (after one's own decision, a new page) brings the items
 * as the provider has them; marks stay on cards still shown.
 */
export function useLiveCards(
  state: ListState,
  loading: boolean,
  filter: ReviewFilterValues,
  page: number,
) {
  const inUse = useWindowInUse();
  const listItems = state.status === 'ok' ? state.items : NO_ITEMS;
  const listType: FilterType = state.status === 'ok' ? state.filterType : filter.filterType;
  const [overlay, setOverlay] = useState<Overlay>(() => ({
    base: listItems,
    fields: new Map(),
    marks: new Map(),
    announced: '',
  }));
  // A new answer of the list: its items are as the provider has them now (React's pattern for
  // state that follows a prop: set while rendering, before anything is drawn).
  let current = overlay;
  if (overlay.base !== listItems) {
    const ids = new Set(listItems.map((item) => item.id));
    current = {
      base: listItems,
      fields: new Map(),
      marks: new Map([...overlay.marks].filter(([id]) => ids.has(id))),
      announced: overlay.announced,
    };
    setOverlay(current);
  }

  const items = useMemo(
    () =>
      current.fields.size === 0
        ? (listItems as ReviewItem[])
        : listItems.map((item) => {
            const fields = item.id === undefined ? undefined : current.fields.get(item.id);
            return fields ? applied(item, fields) : item;
          }),
    [listItems, current.fields],
  );

  // Changes core reports for the cards of this list's service.
  const listTypeRef = useRef(listType);
  useEffect(() => {
    listTypeRef.current = listType;
  }, [listType]);
  useEffect(
    () =>
      onBridgeEvent((event) => {
        if (event.type !== 'review.itemsChanged' || event.filterType !== listTypeRef.current)
          return;
        setOverlay((previous) => {
          const shownIds = new Set(previous.base.map((item) => item.id));
          const changes = event.changes.filter((change) => shownIds.has(change.id));
          if (changes.length === 0) return previous;
          const fields = new Map(previous.fields);
          const marks = new Map(previous.marks);
          let announced = previous.announced;
          for (const change of changes) {
            fields.set(change.id, { ...fields.get(change.id), ...change.fields });
            // One's own change (another console of one's own) is shown, not marked.
            if (change.mine) continue;
            const mark = { by: change.by, at: change.at };
            marks.set(change.id, mark);
            announced = `Item ${change.id}: ${change.by ? `changed by ${change.by}` : 'changed elsewhere'}.`;
          }
          return { ...previous, fields, marks, announced };
        });
      }),
    [],
  );

  // What core is told: the cards as shown, once the list on screen is the filter's and page's
  // (while a new one loads, the old cards are another filter's).
  const watch: LiveWatchPayload | null = loading
    ? null
    : {
        filterType: listType,
        filter: filter.searchWithDataId ? null : toFilterBody(filter, page),
        items: items.filter((item) => item.id !== undefined).map(watchedOf),
        inUse,
      };
  // Told again only when what it says changes: the key is the payload itself.
  const watchKey = watch ? JSON.stringify(watch) : null;
  // After the cards are on screen (afterPaint.ts): the watch decorates cards already seen.
  useEffect(() => {
    if (!watchKey) return;
    return afterNextPaint(() => {
      invoke('live.watch', JSON.parse(watchKey) as LiveWatchPayload).catch(() => undefined);
    });
  }, [watchKey]);
  // Leaving the screen stops the following.
  useEffect(
    () => () => {
      const stop = { filterType: listTypeRef.current, filter: null, items: [], inUse: false };
      invoke('live.watch', stop).catch(() => undefined);
    },
    [],
  );

  return { items, marks: current.marks, announced: current.announced };
}
