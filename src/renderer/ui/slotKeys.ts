import { useState } from 'react';

/**
 * React keys for a list whose rows are costly to mount (a review card holds a form, three selects,
 * tooltips and buttons of Ant Design): an item already on screen keeps its key, so a reload after a
 * decision moves the 19 cards that stayed and draws none of them again; an item new to the screen
 * takes the key of one that left, so a Filter click or a page switch gives the 20 card instances
 * new data instead of unmounting 20 cards and mounting 20 others (measured as most of the click's
 * time: docs/performance.md, Review and the lists). A card whose item changes resets what belonged
 * to the old item (ItemCard.tsx).
 *
 * `previous` maps an item's identity to its key; the answer is the keys in the order of `ids`
 * and the map for the next call. An identity appearing twice gets a key of its own each time.
 */
export function slotKeys(
  previous: ReadonlyMap<string, string>,
  ids: readonly string[],
  newKey: () => string,
): { keys: string[]; map: Map<string, string> } {
  const map = new Map<string, string>();
  const keys: (string | undefined)[] = ids.map((id) => {
    const kept = previous.get(id);
    if (kept === undefined || map.has(id)) return undefined;
    map.set(id, kept);
    return kept;
  });
  const taken = new Set(map.values());
  const free = [...previous.values()].filter((key) => !taken.has(key));
  return {
    keys: keys.map((key, index) => {
      if (key !== undefined) return key;
      const slot = free.shift() ?? newKey();
      const id = ids[index]!;
      if (!map.has(id)) map.set(id, slot);
      return slot;
    }),
    map,
  };
}

interface Slots {
  /** The identities the keys are for, joined: the same list again keeps the same keys. */
  joined: string;
  keys: string[];
  map: Map<string, string>;
  /** How many keys were ever made, to name the next one. */
  made: number;
}

function nextSlots(previous: Slots | null, ids: readonly string[]): Slots {
  let made = previous?.made ?? 0;
  const { keys, map } = slotKeys(previous?.map ?? new Map(), ids, () => `slot-${++made}`);
  return { joined: ids.join('\n'), keys, map, made };
}

/**
 * slotKeys across renders: one key per identity in `ids`, reused as described there. Kept in
 * state and brought up to date during render (React's pattern for information from previous
 * renders), so the keys are right in the very render that shows the new list.
 */
export function useSlotKeys(ids: readonly string[]): string[] {
  const [slots, setSlots] = useState(() => nextSlots(null, ids));
  if (slots.joined === ids.join('\n')) return slots.keys;
  const next = nextSlots(slots, ids);
  setSlots(next);
  return next.keys;
}
