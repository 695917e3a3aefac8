import { z } from 'zod';
import { dataIdParams } from '../bodies/review';
import {
  insightFilterBodySchema,
  keywordImpactBodySchema,
  modelRunChangesQuerySchema,
  modelRunIdParams,
  modelRunsQuerySchema,
} from '../bodies/insight';
import {
  capabilitiesSchema,
  historyEntrySchema,
  keywordImpactSchema,
  modelRunChangesPageSchema,
  modelRunSchema,
  modelRunsPageSchema,
  whySchema,
} from '../responses/insight';
import { newsItemSchema, tweetItemSchema } from '../responses/review';
import { readCapabilities } from '../capabilities';
import { call } from './call';
import { filterAndCount } from './filterAndCount';
import { newsItemRecord, tweetItemRecord } from './records';

/**
 * Classifier insight: our reference server's extensions, declared like every call but in their own
 * group under /dqc-extensions (DESIGN.md, Extensions). They are not SPEC.md 7's: core sends one
 * only when the capabilities list names its extension.
 */

export const EXTENSIONS_BASE = '/dqc-extensions';

export const insightCalls = {
  /** Asked once per session by core; anything but a readable list is no extensions. */
  capabilities: call({
    method: 'GET',
    path: `${EXTENSIONS_BASE}/capabilities`,
    answer: z.unknown().transform(readCapabilities),
    describe: 'capabilities',
    response: capabilitiesSchema,
  }),
  /** keyword-impact: items whose text holds a keyword, per service, before it is saved. */
  keywordImpact: call({
    method: 'POST',
    path: `${EXTENSIONS_BASE}/keyword-impact`,
    body: keywordImpactBodySchema,
    answer: keywordImpactSchema,
    describe: 'keyword impact',
    response: keywordImpactSchema,
  }),
  /** model-runs: the runs, newest first, a page at a time. */
  modelRuns: call({
    method: 'GET',
    path: `${EXTENSIONS_BASE}/model-runs`,
    query: modelRunsQuerySchema,
    answer: modelRunsPageSchema,
    describe: 'model runs',
    response: modelRunsPageSchema,
  }),
  modelRun: call({
    method: 'GET',
    path: `${EXTENSIONS_BASE}/model-runs/{id}`,
    params: modelRunIdParams,
    answer: modelRunSchema,
    describe: 'model run',
    response: modelRunSchema,
  }),
  /** The items a run changed, a page at a time, by direction and reviewed. */
  modelRunChanges: call({
    method: 'GET',
    path: `${EXTENSIONS_BASE}/model-runs/{id}/changes`,
    params: modelRunIdParams,
    query: modelRunChangesQuerySchema,
    answer: modelRunChangesPageSchema,
    describe: 'model run changes',
    response: modelRunChangesPageSchema,
  }),
};

function insightServiceCalls<Item, Sent extends z.ZodType>(
  service: 'twitter-service' | 'news-service',
  item: { read(value: unknown): Item | null },
  itemSchema: Sent,
) {
  const base = `${EXTENSIONS_BASE}/${service}`;
  return {
    /** borderline: SPEC.md 7's filter with the Borderline first sort, Ratio between, a run's items. */
    ...filterAndCount(base, insightFilterBodySchema, item, itemSchema),
    /** model-runs: the latest model's per-word contributions for one item. */
    why: call({
      method: 'GET',
      path: `${base}/{id}/why`,
      params: dataIdParams,
      answer: whySchema,
      describe: 'explanation',
      response: whySchema,
    }),
    /** item-history: every write the server recorded for one item, oldest first. */
    history: call({
      method: 'GET',
      path: `${base}/{id}/history`,
      params: dataIdParams,
      answer: z.array(historyEntrySchema),
      describe: 'item history',
      response: z.array(historyEntrySchema),
    }),
  };
}

export const insightTweetCalls = insightServiceCalls(
  'twitter-service',
  tweetItemRecord,
  tweetItemSchema,
);
export const insightNewsCalls = insightServiceCalls('news-service', newsItemRecord, newsItemSchema);
