import type { FastifyReply } from 'fastify';
import type { EXTENSION_GROUPS } from '../../shared/api';
import type { Service } from '../claims/claimSql';
import type { ServerContext } from '../context';
import type { GroupImplementations, Implementations } from '../http/serveCalls';
import { sendError } from '../http/validate';
import { STORY_LEADS } from '../review/filterQuery';
import { countItems, filterItems } from '../review/reviewRepo';
import { NEWS, TWEETS, type ReviewServiceDef } from '../review/serviceDefs';
import {
  decideStory,
  setStoryInherit,
  splitStoryMember,
  storiesOfItems,
  storyMembers,
  type StoryOutcome,
} from '../stories/storyRepo';

type Groups = Pick<typeof EXTENSION_GROUPS, 'storiesTweets' | 'storiesNews'>;

/**
 * The stories extension (issue 48): a page's stories, a story's members, its decision and
 * inheritance, a member split off. Who decides is the token's user (requireAdmin read it); no body
 * names one. A refusal says why, and a 412 carries the story now (`current`), as the conditional
 * item writes do.
 */
export function storyImplementations(ctx: ServerContext): GroupImplementations<Groups> {
  const { db } = ctx;
  const answer = <T>(reply: FastifyReply, outcome: StoryOutcome<T>) =>
    outcome.ok
      ? outcome.value
      : sendError(
          reply,
          outcome.status,
          outcome.error,
          outcome.what,
          outcome.current ? { current: outcome.current } : {},
        );

  const handlers = <Item, Body>(
    service: Service,
    def: ReviewServiceDef<Item, Body>,
  ): Implementations<Groups['storiesTweets']> => ({
    // The service's own items; the cast only says so to `tsc`, as insightEndpoints.ts does.
    filter: async ({ body }) => (await filterItems(db, def, body, STORY_LEADS)) as never,
    count: async ({ body }) => countItems(db, def, body, STORY_LEADS),
    ofItems: async ({ body }) => storiesOfItems(db, service, body.ids),
    members: async ({ params }, reply) => answer(reply, await storyMembers(db, service, params.id)),
    decide: async ({ params, body, user }, reply) => {
      if (!user) return sendError(reply, 403, 'forbidden', 'A decision needs a signed-in user.');
      return answer(
        reply,
        await decideStory(db, service, params.id, body.decision, body.version, user),
      );
    },
    inherit: async ({ params, body }, reply) =>
      answer(reply, await setStoryInherit(db, service, params.id, body.inherit, body.version)),
    split: async ({ params, body }, reply) =>
      answer(reply, await splitStoryMember(db, service, params.id, body.itemId)),
  });

  return {
    storiesTweets: handlers('tweets', TWEETS),
    // The handlers answer their own service's items; the cast only says so to `tsc`.
    storiesNews: handlers('news', NEWS) as unknown as Implementations<Groups['storiesNews']>,
  };
}
