import { App as AntApp } from 'antd';
import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useMemo, useRef } from 'react';
import type { ReviewItem } from '../../../shared/api/records';
import { MAX_CHOSEN } from '../../../shared/runs';
import { count } from './bulkTexts';
import { addChosen, choosable, rangeOnPage, toggleChosen, type ChoiceAnchor } from './chooseLogic';
import { appliedFilterAtom, chosenIdsAtom } from './reviewAtoms';
import type { ReviewFilterValues } from '../../domain/reviewFilter/reviewFilter';

/**
 * The chosen items of the Review page: a card's checkbox or x toggles one and becomes the anchor;
 * shift (click or x) chooses every card from the anchor to that one.
 */
export function useChoice(items: readonly ReviewItem[], page: number) {
  const { message } = AntApp.useApp();
  const filter = useAtomValue(appliedFilterAtom);
  const [chosen, setChosen] = useAtom(chosenIdsAtom);
  const anchor = useRef<(ChoiceAnchor & { filter: ReviewFilterValues }) | null>(null);
  const chosenSet = useMemo(() => new Set(chosen), [chosen]);

  const chooseAt = useCallback(
    (index: number, range: boolean) => {
      const item = items[index];
      if (!item || !choosable(item)) return;
      const from = anchor.current?.filter === filter ? anchor.current : null;
      let next;
      if (range) {
        const [first, last] = rangeOnPage(from, page, index, items.length);
        const ids = items
          .slice(first, last + 1)
          .filter(choosable)
          .map((i) => i.id);
        next = addChosen(chosen, ids);
      } else next = toggleChosen(chosen, item.id);
      anchor.current = { filter, page, index };
      setChosen(next.ids);
      if (next.full) void message.warning(`At most ${count(MAX_CHOSEN)} items can be chosen.`);
    },
    [items, page, filter, chosen, setChosen, message],
  );

  const clear = useCallback(() => {
    anchor.current = null;
    setChosen([]);
  }, [setChosen]);

  return { chosen, chosenSet, chooseAt, clear };
}
