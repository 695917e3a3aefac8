import { useEffect, useState } from 'react';
import type { FilterType } from '../../../shared/bodies/review';
import type { StoryView } from '../../../shared/responses/stories';
import { invoke } from '../../bridge/bridge';

const NONE: ReadonlyMap<number, StoryView> = new Map();

/**
 * The stories of the items on screen (the stories extension, issue 48): asked once per page drawn
 * (`items` is the page's list; a reload after a decision draws a new one) and nothing without the
 * extension. A failed question shows no story marks: they are a help, not the list.
 */
export function usePageStories(
  offered: boolean,
  filterType: FilterType,
  items: readonly { id?: number }[],
): ReadonlyMap<number, StoryView> {
  const [answer, setAnswer] = useState<{ of: unknown; stories: ReadonlyMap<number, StoryView> }>({
    of: null,
    stories: NONE,
  });
  useEffect(() => {
    const ids = items.flatMap((item) => (item.id === undefined ? [] : [item.id]));
    if (!offered || ids.length === 0) return;
    let current = true;
    invoke('stories.ofItems', { filterType, ids }).then(
      (found) => {
        if (current)
          setAnswer({ of: items, stories: new Map(found.map((f) => [f.itemId, f.story])) });
      },
      () => {
        if (current) setAnswer({ of: items, stories: NONE });
      },
    );
    return () => {
      current = false;
    };
  }, [offered, filterType, items]);
  return offered && answer.of === items ? answer.stories : NONE;
}
