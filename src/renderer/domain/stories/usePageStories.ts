import { useEffect, useState } from 'react';
import type { FilterType } from '../../../shared/bodies/review';
import type { StoryView } from '../../../shared/responses/stories';
import { afterNextPaint } from '../../ui/afterPaint';
import { invoke } from '../../bridge/bridge';

const NONE: ReadonlyMap<number, StoryView> = new Map();

/**
 * The stories of the items on screen (the stories extension, issue 48): asked when the page's ids
 * change (a reload after a decision, another page), and nothing without the extension. A card
 * changed elsewhere (live cards) keeps its mark: the last answer stands until the next one. A
 * failed question shows no story marks: they are a help, not the list.
 */
export function usePageStories(
  offered: boolean,
  filterType: FilterType,
  items: readonly { id?: number }[],
): ReadonlyMap<number, StoryView> {
  const ids = items.flatMap((item) => (item.id === undefined ? [] : [item.id])).join(',');
  const [stories, setStories] = useState<ReadonlyMap<number, StoryView>>(NONE);
  useEffect(() => {
    if (!offered || ids === '') return;
    let current = true;
    // Asked once the page's cards are on screen (afterPaint.ts): the marks decorate them.
    const cancel = afterNextPaint(() =>
      invoke('stories.ofItems', { filterType, ids: ids.split(',').map(Number) }).then(
        (found) => {
          if (current) setStories(new Map(found.map((f) => [f.itemId, f.story])));
        },
        () => {
          if (current) setStories(NONE);
        },
      ),
    );
    return () => {
      current = false;
      cancel();
    };
  }, [offered, filterType, ids]);
  return offered ? stories : NONE;
}
