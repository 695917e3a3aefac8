import { z } from 'zod';
import {
  addKeywordBodySchema,
  dataIdParams,
  deleteUnwantedUsageBodySchema,
  keywordIdParams,
  MANUAL_CASES,
  newsChangeBodySchema,
  newsEliminatedKeywordBodySchema,
  reviewFilterBodySchema,
  tweetChangeBodySchema,
  updateKeywordBodySchema,
  usernameBodySchema,
} from '../bodies/review';
import { searchTextParams } from '../bodies/fields';
import { listAnswer, modelAnswer, recordAnswer, writeAnswer } from './answers';
import {
  deletedKeywordSchema,
  keywordSchema,
  modelStartSchema,
  newsItemSchema,
  tweetItemSchema,
} from '../responses/review';
import { call } from './call';
import { filterAndCount } from './filterAndCount';
import { keywordRecord, newsItemRecord, tweetItemRecord } from './records';

/**
 * SPEC.md 7, "Review and keywords": the same calls under /twitter-service (tweets) and
 * /news-service (news), with their few differences, and the two model calls of /nlp-service.
 */

const caseParams = z.object({ case: z.enum(MANUAL_CASES) });
const reviewer = { reviewedBy: 'username' } as const;

function keywordCalls(base: '/twitter-service' | '/news-service') {
  return {
    getKeywords: call({
      method: 'GET',
      path: `${base}/get-keywords`,
      answer: listAnswer(keywordRecord),
      describe: 'keyword list',
      response: z.array(keywordSchema),
    }),
    getKeywordsIncludes: call({
      method: 'GET',
      path: `${base}/get-keywords-includes-{text}`,
      params: searchTextParams,
      answer: listAnswer(keywordRecord),
      describe: 'keyword list',
      response: z.array(keywordSchema),
    }),
    addKeyword: call({
      method: 'POST',
      path: `${base}/add-keyword`,
      body: addKeywordBodySchema,
      answer: writeAnswer,
      describe: 'answer',
      response: keywordSchema,
    }),
    updateKeyword: call({
      method: 'POST',
      path: `${base}/update-keyword`,
      body: updateKeywordBodySchema,
      answer: writeAnswer,
      describe: 'answer',
      response: keywordSchema,
    }),
    deleteKeyword: call({
      method: 'DELETE',
      path: `${base}/delete-keyword-{id}`,
      params: keywordIdParams,
      answer: writeAnswer,
      describe: 'answer',
      response: deletedKeywordSchema,
    }),
    deleteUnwantedUsage: call({
      method: 'POST',
      path: `${base}/delete-unwantedUsage`,
      body: deleteUnwantedUsageBodySchema,
      answer: writeAnswer,
      describe: 'answer',
      response: keywordSchema,
    }),
  };
}

function listCalls<Item, Sent extends z.ZodType>(
  base: string,
  item: { read(value: unknown): Item | null },
  itemSchema: Sent,
) {
  return {
    ...filterAndCount(base, reviewFilterBodySchema, item, itemSchema),
    reviewed: call({
      method: 'PUT',
      path: `${base}/{id}/reviewed`,
      params: dataIdParams,
      bodyKind: 'jsonString',
      body: usernameBodySchema,
      fromSession: { body: 'username' },
      answer: writeAnswer,
      describe: 'answer',
      response: itemSchema,
    }),
  };
}

export const tweetCalls = {
  ...listCalls('/twitter-service', tweetItemRecord, tweetItemSchema),
  findById: call({
    method: 'POST',
    path: '/twitter-service/{id}',
    params: dataIdParams,
    answer: recordAnswer(tweetItemRecord),
    describe: 'item',
    response: tweetItemSchema,
  }),
  manualChange: call({
    method: 'PUT',
    path: '/twitter-service/{case}',
    params: caseParams,
    body: tweetChangeBodySchema,
    fromSession: reviewer,
    answer: writeAnswer,
    describe: 'answer',
    response: tweetItemSchema,
  }),
  addEliminatedKeyword: call({
    method: 'POST',
    path: '/twitter-service/add-eliminated-keyword-on-eliminated-tweet',
    body: tweetChangeBodySchema,
    fromSession: reviewer,
    answer: writeAnswer,
    describe: 'answer',
    response: tweetItemSchema,
  }),
  createModel: call({
    method: 'POST',
    path: '/nlp-service/create-tweet-model',
    answer: modelAnswer,
    describe: 'answer',
    response: modelStartSchema,
  }),
  ...keywordCalls('/twitter-service'),
};

export const newsCalls = {
  ...listCalls('/news-service', newsItemRecord, newsItemSchema),
  findById: call({
    method: 'POST',
    path: '/news-service/find-by-id/{id}',
    params: dataIdParams,
    answer: recordAnswer(newsItemRecord),
    describe: 'item',
    response: newsItemSchema,
  }),
  manualChange: call({
    method: 'PUT',
    path: '/news-service/{case}',
    params: caseParams,
    body: newsChangeBodySchema,
    fromSession: reviewer,
    answer: writeAnswer,
    describe: 'answer',
    response: newsItemSchema,
  }),
  addEliminatedKeyword: call({
    method: 'POST',
    path: '/news-service/add-eliminated-keyword-on-eliminated-news',
    body: newsEliminatedKeywordBodySchema,
    fromSession: reviewer,
    answer: writeAnswer,
    describe: 'answer',
    response: newsItemSchema,
  }),
  createModel: call({
    method: 'POST',
    path: '/nlp-service/create-news-model',
    answer: modelAnswer,
    describe: 'answer',
    response: modelStartSchema,
  }),
  ...keywordCalls('/news-service'),
};
