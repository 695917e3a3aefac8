import { Flex, Switch, Tooltip, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { prefsAtom, usePrefsChange } from '../../domain/prefs/prefsState';
import { useKeptChoice } from '../../domain/prefs/useKeptChoice';
import { ScreenReaderOnly } from '../../ui/ScreenReaderOnly';

/**
 * Review's Stories switch (the stories extension, issue 48; drawn only where the server offers
 * it): one card per story, its first item with "+12 similar", or every item on a card of its own.
 * Kept per user by core, as the density is; the choice shows at once, and if core cannot keep it
 * the switch goes back to what is kept and says why.
 */
export function useStoriesView(): [boolean, (on: boolean) => void] {
  const change = usePrefsChange();
  return useKeptChoice(
    useAtomValue(prefsAtom).stories,
    (stories: boolean) => change('prefs.setStories', { stories }),
    'The Stories choice',
  );
}

export function storiesSwitchHint(on: boolean, unavailable: string | null): string {
  if (unavailable) return unavailable;
  return on
    ? 'One card per story: its first item, with how many others tell the same thing. A story is listed where its first item matches the filter.'
    : 'Off: every item on a card of its own.';
}

/**
 * Why Stories cannot list this filter now, or null: My queue hands out items one by one, a data-id
 * search shows one item, and the Borderline sort, Ratio between and a run's items list items.
 */
export function storiesUnavailable(state: {
  queue: boolean;
  searchWithDataId: boolean;
  insight: boolean;
}): string | null {
  if (state.queue)
    return 'My queue hands out items one by one: Stories is off while My queue is on.';
  if (state.searchWithDataId) return 'A search by data id shows one item: Stories does not apply.';
  if (state.insight)
    return 'Stories cannot be used with Borderline first, Ratio between or a model run’s items: they list items.';
  return null;
}

export function StoriesSwitch({
  on,
  onChange,
  unavailable,
}: {
  on: boolean;
  onChange(on: boolean): void;
  /** Why the switch cannot apply to the list now (it is then off and disabled), or null. */
  unavailable: string | null;
}) {
  const labelId = useId();
  const hintId = useId();
  const hint = storiesSwitchHint(on, unavailable);
  return (
    <Tooltip title={hint}>
      <Flex align="center" gap={6} className="dqc-stories-switch">
        <Switch
          checked={on && unavailable === null}
          disabled={unavailable !== null}
          onChange={onChange}
          aria-labelledby={labelId}
          aria-describedby={hintId}
        />
        <Typography.Text id={labelId} strong>
          Stories
        </Typography.Text>
        <ScreenReaderOnly id={hintId}>{hint}</ScreenReaderOnly>
      </Flex>
    </Tooltip>
  );
}
