import type { AxiosInstance } from 'axios';
import { STORY_REVIEW_GROUPS } from '../../../shared/api';
import type { FilterType } from '../../../shared/bodies/review';
import type { StoryDecision } from '../../../shared/bodies/stories';
import { storyMembersSchema, type StoryMembers } from '../../../shared/responses/stories';
import { sendCall, type SessionValues } from '../api/sendCall';
import { BridgeFailure } from '../bridgeFailure';
import type { CallContext } from '../bridge/callContext';
import type { ServerExtensions } from '../insight/serverExtensions';

/** Said when a story call meets a server without the stories extension. */
export const STORIES_NOT_OFFERED =
  'This server does not group items into stories (its capabilities do not list stories).';

/**
 * The stories extension's calls that core's runs make (issue 48): a story's members, to freeze a
 * story run's items, and the story's decision, recorded once the run is done (or taken back once
 * its undo is). Sent only to a server whose capabilities list `stories`.
 */
export interface StoryCalls {
  members(filterType: FilterType, storyId: number): Promise<StoryMembers>;
  /** Records (or with null clears) the story's decision, on the story as it is now. */
  record(filterType: FilterType, storyId: number, decision: StoryDecision | null): Promise<void>;
}

type Handler = (payload: unknown, context: CallContext) => Promise<unknown>;

/** A stories channel's handler, sent only to a server that offers stories (else NOT_OFFERED). */
export function offeredStories(
  extensions: Pick<ServerExtensions, 'offers'>,
  send: Handler,
): Handler {
  return async (payload, context) => {
    if (!(await extensions.offers('stories')))
      throw new BridgeFailure(404, 'NOT_OFFERED', STORIES_NOT_OFFERED);
    return send(payload, context);
  };
}

export function storyCallsOf(
  api: AxiosInstance,
  fromSession: SessionValues,
  extensions: Pick<ServerExtensions, 'offers'>,
): StoryCalls {
  const offered = async () => {
    if (!(await extensions.offers('stories')))
      throw new BridgeFailure(404, 'NOT_OFFERED', STORIES_NOT_OFFERED);
  };
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
    record: async (filterType, storyId, decision) => {
      // The run decided the members it froze; members that joined since changed the story's
      // version, which is not the reviewer's to answer for: the decision goes on the story now.
      const { story } = await members(filterType, storyId);
      await sendCall(
        api,
        STORY_REVIEW_GROUPS[filterType].decide,
        { id: storyId, decision, version: story.version },
        fromSession,
      );
    },
  };
}
