import { z } from 'zod';
import { STORY_DECISIONS } from '../bodies/stories';

/** A story as the stories extension answers it. */
export const storyViewSchema = z.object({
  id: z.number().int(),
  /** Its lead: the first item of it that arrived (or the one split off). */
  leadId: z.number().int(),
  members: z.number().int(),
  firstTime: z.string(),
  lastTime: z.string(),
  decision: z.enum(STORY_DECISIONS).nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Whether members that join later take the decision. */
  inherit: z.boolean(),
  version: z.number().int(),
});
export type StoryView = z.infer<typeof storyViewSchema>;

/** One member as the story's list shows it: who said it, when, and its state. */
export const storyMemberSchema = z.object({
  id: z.number().int(),
  /** The account (tweets) or the website (news). */
  source: z.string(),
  detectTime: z.string(),
  selected: z.boolean(),
  manuallyChanged: z.boolean(),
  reviewedBy: z.string().nullable(),
  /** It took the story's decision when it joined, not from a person. */
  inherited: z.boolean(),
});
export type StoryMember = z.infer<typeof storyMemberSchema>;

export const storyMembersSchema = z.object({
  story: storyViewSchema,
  /** In arrival order, the lead first. */
  members: z.array(storyMemberSchema),
});
export type StoryMembers = z.infer<typeof storyMembersSchema>;

export const storySplitSchema = z.object({
  /** The story the member left, and the one it now leads alone. */
  from: storyViewSchema,
  to: storyViewSchema,
});

/** Each named item's story (items not grouped yet, or from before stories, are left out). */
export const storyOfItemsSchema = z.array(
  z.object({ itemId: z.number().int(), story: storyViewSchema }),
);
