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
import { countAnswer, listAnswer, modelAnswer, recordAnswer, writeAnswer } from './answers';
import { call } from './call';
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
    }),
    getKeywordsIncludes: call({
      method: 'GET',
      path: `${base}/get-keywords-includes-{text}`,
      params: searchTextParams,
      answer: listAnswer(keywordRecord),
      describe: 'keyword list',
    }),
    addKeyword: call({
      method: 'POST',
      path: `${base}/add-keyword`,
      body: addKeywordBodySchema,
      answer: writeAnswer,
      describe: 'answer',
    }),
    updateKeyword: call({
      method: 'POST',
      path: `${base}/update-keyword`,
      body: updateKeywordBodySchema,
      answer: writeAnswer,
      describe: 'answer',
    }),
    deleteKeyword: call({
      method: 'DELETE',
      path: `${base}/delete-keyword-{id}`,
      params: keywordIdParams,
      answer: writeAnswer,
      describe: 'answer',
    }),
    deleteUnwantedUsage: call({
      method: 'POST',
      path: `${base}/delete-unwantedUsage`,
      body: deleteUnwantedUsageBodySchema,
      answer: writeAnswer,
      describe: 'answer',
    }),
  };
}

function listCalls<Item>(base: string, item: { read(value: unknown): Item | null }) {
  return {
    filter: call({
      method: 'POST',
      path: `${base}/filter`,
      body: reviewFilterBodySchema,
      answer: listAnswer(item),
      describe: 'list of items',
    }),
    count: call({
      method: 'POST',
      path: `${base}/count`,
      body: reviewFilterBodySchema,
      answer: countAnswer,
      describe: 'count',
    }),
    reviewed: call({
      method: 'PUT',
      path: `${base}/{id}/reviewed`,
      params: dataIdParams,
      bodyKind: 'jsonString',
      body: usernameBodySchema,
      fromSession: { body: 'username' },
      answer: writeAnswer,
      describe: 'answer',
    }),
  };
}

export const tweetCalls = {
  ...listCalls('/twitter-service', tweetItemRecord),
  findById: call({
    method: 'POST',
    path: '/twitter-service/{id}',
    params: dataIdParams,
    answer: recordAnswer(tweetItemRecord),
    describe: 'item',
  }),
  manualChange: call({
    method: 'PUT',
    path: '/twitter-service/{case}',
    params: caseParams,
    body: tweetChangeBodySchema,
    fromSession: reviewer,
    answer: writeAnswer,
    describe: 'answer',
  }),
  addEliminatedKeyword: call({
    method: 'POST',
    path: '/twitter-service/add-eliminated-keyword-on-eliminated-tweet',
    body: tweetChangeBodySchema,
    fromSession: reviewer,
    answer: writeAnswer,
    describe: 'answer',
  }),
  createModel: call({
    method: 'POST',
    path: '/nlp-service/create-tweet-model',
    answer: modelAnswer,
    describe: 'answer',
  }),
  ...keywordCalls('/twitter-service'),
};

export const newsCalls = {
  ...listCalls('/news-service', newsItemRecord),
  findById: call({
    method: 'POST',
    path: '/news-service/find-by-id/{id}',
    params: dataIdParams,
    answer: recordAnswer(newsItemRecord),
    describe: 'item',
  }),
  manualChange: call({
    method: 'PUT',
    path: '/news-service/{case}',
    params: caseParams,
    body: newsChangeBodySchema,
    fromSession: reviewer,
    answer: writeAnswer,
    describe: 'answer',
  }),
  addEliminatedKeyword: call({
    method: 'POST',
    path: '/news-service/add-eliminated-keyword-on-eliminated-news',
    body: newsEliminatedKeywordBodySchema,
    fromSession: reviewer,
    answer: writeAnswer,
    describe: 'answer',
  }),
  createModel: call({
    method: 'POST',
    path: '/nlp-service/create-news-model',
    answer: modelAnswer,
    describe: 'answer',
  }),
  ...keywordCalls('/news-service'),
};
