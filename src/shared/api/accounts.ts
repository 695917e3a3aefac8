import { z } from 'zod';
import {
  accountQuerySchema,
  coinAccountBodySchema,
  coinAccountUpdateSchema,
  marketAccountBodySchema,
  marketAccountUpdateSchema,
  newsAccountBodySchema,
  newsAccountUpdateSchema,
} from '../bodies/account';
import { listAnswer, writeAnswer } from './answers';
import { coinAccountSchema, marketAccountSchema, newsAccountSchema } from '../responses/account';
import { call } from './call';
import { coinAccountRecord, marketAccountRecord, newsAccountRecord } from './records';

/** SPEC.md 7, account calls under /twitter-service: coin, news and market Twitter accounts. */
const T = '/twitter-service';
const write = { answer: writeAnswer, describe: 'answer' } as const;

export const accountCalls = {
  getCoinAccounts: call({
    method: 'GET',
    path: `${T}/get-coin-accounts`,
    query: accountQuerySchema,
    answer: listAnswer(coinAccountRecord),
    describe: 'account list',
    response: z.array(coinAccountSchema),
  }),
  getNewsAccounts: call({
    method: 'GET',
    path: `${T}/get-news-accounts`,
    answer: listAnswer(newsAccountRecord),
    describe: 'account list',
    response: z.array(newsAccountSchema),
  }),
  getMarketAccounts: call({
    method: 'GET',
    path: `${T}/get-market-accounts`,
    query: accountQuerySchema,
    answer: listAnswer(marketAccountRecord),
    describe: 'account list',
    response: z.array(marketAccountSchema),
  }),
  addCoinAccount: call({
    method: 'POST',
    path: `${T}/add-coin-account`,
    body: coinAccountBodySchema,
    ...write,
    response: coinAccountSchema,
  }),
  addNewsAccount: call({
    method: 'POST',
    path: `${T}/add-news-account`,
    body: newsAccountBodySchema,
    ...write,
    response: newsAccountSchema,
  }),
  addMarketAccount: call({
    method: 'POST',
    path: `${T}/add-market-account`,
    body: marketAccountBodySchema,
    ...write,
    response: marketAccountSchema,
  }),
  updateCoinAccount: call({
    method: 'POST',
    path: `${T}/update-coin-account`,
    body: coinAccountUpdateSchema,
    ...write,
    response: coinAccountSchema,
  }),
  updateNewsAccount: call({
    method: 'POST',
    path: `${T}/update-news-account`,
    body: newsAccountUpdateSchema,
    ...write,
    response: newsAccountSchema,
  }),
  updateMarketAccount: call({
    method: 'POST',
    path: `${T}/update-market-account`,
    body: marketAccountUpdateSchema,
    ...write,
    response: marketAccountSchema,
  }),
  /** "the record's fields as body" (SPEC.md 7). */
  deleteCoinAccount: call({
    method: 'DELETE',
    path: `${T}/delete-coin-account`,
    body: coinAccountBodySchema,
    ...write,
    response: coinAccountSchema,
  }),
  deleteNewsAccount: call({
    method: 'DELETE',
    path: `${T}/delete-news-account`,
    body: newsAccountBodySchema,
    ...write,
    response: newsAccountSchema,
  }),
  deleteMarketAccount: call({
    method: 'DELETE',
    path: `${T}/delete-market-account`,
    body: marketAccountBodySchema,
    ...write,
    response: marketAccountSchema,
  }),
};
