import { z } from 'zod';
import { recordId, withServerLimit } from './fields';

/** What the stories extension (src/shared/api/stories.ts) is sent. */

/** The most items one "which stories are these in" question names: a review page and more. */
export const STORY_ITEMS_MAX = 200;

export const STORY_DECISIONS = ['select', 'eliminate'] as const;
export type StoryDecision = (typeof STORY_DECISIONS)[number];

/** A story's version as the console showed it: a change since refuses the write (412). */
const shownVersion = z
  .number({ error: 'version: the story’s version as it was shown, a whole number' })
  .int('version: a whole number')
  .min(0, 'version: a whole number from 0');

/**
 * The story's decision, recorded once its members were decided (core's run over them); null takes
 * it back (the run was undone): later members then take nothing.
 */
export const storyDecisionBodySchema = z.object({
  decision: z.enum(STORY_DECISIONS, { error: 'decision: select, eliminate or null' }).nullable(),
  version: shownVersion,
});
export type StoryDecisionBody = z.infer<typeof storyDecisionBodySchema>;

/** Whether members that join later take the story's decision. */
export const storyInheritBodySchema = z.object({
  inherit: z.boolean({ error: 'inherit: true or false' }),
  version: shownVersion,
});
export type StoryInheritBody = z.infer<typeof storyInheritBodySchema>;

/** A member to split off into a story of its own. */
export const storySplitBodySchema = z.object({
  itemId: recordId('itemId', Number.MAX_SAFE_INTEGER),
});
export type StorySplitBody = z.infer<typeof storySplitBodySchema>;

/** The stories of these items (a review page's cards). */
export const storyItemsBodySchema = z.object({
  ids: withServerLimit(
    z
      .array(recordId('ids entries', Number.MAX_SAFE_INTEGER))
      .min(1, 'ids: name at least one item')
      .max(STORY_ITEMS_MAX, `ids: at most ${STORY_ITEMS_MAX} items at once`),
    { field: 'ids', maxItems: STORY_ITEMS_MAX },
  ).transform((ids) => [...new Set(ids)]),
});
export type StoryItemsBody = z.infer<typeof storyItemsBodySchema>;
