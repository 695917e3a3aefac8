import { z } from 'zod';
import { dataIdParams, reviewFilterBodySchema } from '../bodies/review';
import { newsItemSchema, tweetItemSchema } from '../responses/review';
import {
  storyDecisionBodySchema,
  storyInheritBodySchema,
  storyItemsBodySchema,
  storySplitBodySchema,
} from '../bodies/stories';
import {
  storyMembersSchema,
  storyOfItemsSchema,
  storySplitSchema,
  storyViewSchema,
} from '../responses/stories';
import { call } from './call';
import { filterAndCount } from './filterAndCount';
import { EXTENSIONS_BASE } from './insight';
import { newsItemRecord, tweetItemRecord } from './records';

/**
 * Stories: our reference server's extension `stories` (issue 48), under /dqc-extensions like every
 * extension and sent by core only when the capabilities list names it. Every tweet and news item
 * that arrives is grouped into a story (retweets, quotes that add nothing, wire copies); a story is
 * decided once, by core's run over its members, and members that join later take that decision
 * (recorded in their history as inherited) unless the story's inheritance is turned off. Who
 * decides is always the token's user; no body names one.
 */
function storyServiceCalls<Item, Sent extends z.ZodType>(
  service: 'twitter-service' | 'news-service',
  item: { read(value: unknown): Item | null },
  itemSchema: Sent,
) {
  const base = `${EXTENSIONS_BASE}/${service}/stories`;
  return {
    /**
     * Review with Stories on (version 2): SPEC.md 7's filter, one item per story (its lead; an item
     * in no story is its own), in the filter's order and pages, and how many stories; read as
     * SPEC.md 7's filter and count answers are.
     */
    ...filterAndCount(base, reviewFilterBodySchema, item, itemSchema),
    /** The stories of a page's items, for its cards' "+12 similar". */
    ofItems: call({
      method: 'POST',
      path: `${base}/of-items`,
      body: storyItemsBodySchema,
      answer: storyOfItemsSchema,
      describe: 'stories of items',
      response: storyOfItemsSchema,
    }),
    /** A story and its members (account or website, time, state), in arrival order. */
    members: call({
      method: 'GET',
      path: `${base}/{id}`,
      params: dataIdParams,
      answer: storyMembersSchema,
      describe: 'story',
      response: storyMembersSchema,
    }),
    /**
     * Records the story's decision once core's run decided its members: 412 with the story now
     * when its version moved since it was shown; later members take it while inheritance is on.
     */
    decide: call({
      method: 'POST',
      path: `${base}/{id}/decision`,
      params: dataIdParams,
      body: storyDecisionBodySchema,
      answer: storyViewSchema,
      describe: 'story',
      response: storyViewSchema,
    }),
    /** Turns inheritance of the story's decision on or off (412 as for decide). */
    inherit: call({
      method: 'POST',
      path: `${base}/{id}/inherit`,
      params: dataIdParams,
      body: storyInheritBodySchema,
      answer: storyViewSchema,
      describe: 'story',
      response: storyViewSchema,
    }),
    /** Splits a member off into a story of its own, which no later item joins it in. */
    split: call({
      method: 'POST',
      path: `${base}/{id}/split`,
      params: dataIdParams,
      body: storySplitBodySchema,
      answer: storySplitSchema,
      describe: 'split',
      response: storySplitSchema,
    }),
  };
}

export const storyTweetCalls = storyServiceCalls(
  'twitter-service',
  tweetItemRecord,
  tweetItemSchema,
);
export const storyNewsCalls = storyServiceCalls('news-service', newsItemRecord, newsItemSchema);
