import type { AxiosInstance } from 'axios';
import { STORY_REVIEW_GROUPS } from '../../../shared/api';
import type { FilterType } from '../../../shared/bodies/review';
import type { StoryDecision } from '../../../shared/bodies/stories';
import {
  storyMembersSchema,
  storyViewSchema,
  type StoryMembers,
  type StoryView,
} from '../../../shared/responses/stories';
import { sendCall, type SessionValues } from '../api/sendCall';
import { BridgeFailure, toBridgeError } from '../bridgeFailure';
import type { CallContext } from '../bridge/callContext';
import { offeredOnly, requireOffered } from '../insight/offeredOnly';
import type { ServerExtensions } from '../insight/serverExtensions';

/** Said when a story run is asked of a story another person changed since it was shown. */
export const storyChangedText = (storyId: number) =>
  `Story ${storyId} changed since it was shown (someone decided it, turned its inheritance or split it): nothing was written. Open it again to see it as it is.`;

/** Said when a story call meets a server without the stories extension. */
export const STORIES_NOT_OFFERED =
  'This server does not group items into stories (its capabilities do not list stories).';

/**
 * The stories extension's calls that core's runs make (issue 48): a story's members, to freeze a
 * story run's items, and the story's decision, recorded when the run starts (so copies that join
 * while it runs take it) and taken back once its undo is done. Sent only to a server whose
 * capabilities list `stories`.
 */
export interface StoryCalls {
  members(filterType: FilterType, storyId: number): Promise<StoryMembers>;
  /**
   * Records (or with null takes back) the story's decision, if the story is still at `version`;
   * answers the story after it. A story another person changed since: STORY_CHANGED (409).
   */
  decide(
    filterType: FilterType,
    storyId: number,
    decision: StoryDecision | null,
    version: number,
  ): Promise<StoryView>;
}

type Handler = (payload: unknown, context: CallContext) => Promise<unknown>;

/** A stories channel's handler, sent only to a server that offers stories (else NOT_OFFERED). */
export const offeredStories = (
  extensions: Pick<ServerExtensions, 'offers'>,
  send: Handler,
): Handler => offeredOnly(extensions, 'stories', STORIES_NOT_OFFERED)(send);

export function storyCallsOf(
  api: AxiosInstance,
  fromSession: SessionValues,
  extensions: Pick<ServerExtensions, 'offers'>,
): StoryCalls {
  const offered = () => requireOffered(extensions, 'stories', STORIES_NOT_OFFERED);
  const members = async (filterType: FilterType, storyId: number) => {
    await offered();
    const answer = await sendCall(
      api,
      STORY_REVIEW_GROUPS[filterType].members,
      { id: storyId },
      fromSession,
    );
    return storyMembersSchema.parse(answer);
  };
  return {
    members,
    decide: async (filterType, storyId, decision, version) => {
      await offered();
      try {
        const answer = await sendCall(
          api,
          STORY_REVIEW_GROUPS[filterType].decide,
          { id: storyId, decision, version },
          fromSession,
        );
        return storyViewSchema.parse(answer);
      } catch (error) {
        if (toBridgeError(error).status === 412)
          throw new BridgeFailure(409, 'STORY_CHANGED', storyChangedText(storyId));
        throw error;
      }
    },
  };
}
