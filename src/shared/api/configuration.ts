import { z } from 'zod';
import {
  currencyTagBodySchema,
  currencyUnwantedUsageBodySchema,
  imageCheckQuerySchema,
  newCurrencyPageQuerySchema,
  newCurrencyQuerySchema,
  newVersionBodySchema,
  saveNewCurrencyBodySchema,
  updateCurrencyBodySchema,
} from '../bodies/currency';
import {
  configurationBodySchema,
  explorerUrlBodySchema,
  marketCurrencyQuerySchema,
  mismatchTradingPairBodySchema,
} from '../bodies/configuration';
import { searchTextParams } from '../bodies/fields';
import {
  marketTagBodySchema,
  marketUnwantedUsageBodySchema,
  saveNewMarketBodySchema,
  updateMarketBodySchema,
} from '../bodies/market';
import {
  cryptoTagBodySchema,
  cryptoTagUsageBodySchema,
  ecosystemTagBodySchema,
} from '../bodies/tag';
import { countAnswer, flagAnswer, listAnswer, writeAnswer } from './answers';
import { countSchema, imageOnFileSchema } from '../responses/common';
import {
  configurationSchema,
  explorerUrlSchema,
  mismatchTradingPairSchema,
  tradingPairMatchSchema,
} from '../responses/configuration';
import { currencySchema, newCurrencySchema, newVersionCurrencySchema } from '../responses/currency';
import { marketSchema, newMarketSchema } from '../responses/market';
import { cryptoTagSchema, ecosystemTagSchema } from '../responses/tag';
import { call } from './call';
import {
  configurationRecord,
  cryptoTagRecord,
  currencyRecord,
  ecosystemTagRecord,
  marketRecord,
  mismatchExplorerUrlRecord,
  mismatchTradingPairRecord,
  newCurrencyRecord,
  newMarketRecord,
  newVersionCurrencyRecord,
} from './records';

/** SPEC.md 7, configuration service: every call under /configuration-service/dqc. */
export const CONFIGURATION_SERVICE = '/configuration-service/dqc';
const P = CONFIGURATION_SERVICE;

const write = { answer: writeAnswer, describe: 'answer' } as const;

export const currencyCalls = {
  /** The whole catalogue. SPEC.md 7: "GET regex-filtered crypto currencies: path not shown". */
  getCurrencies: call({
    method: 'GET',
    path: `${P}/get-currencies`,
    answer: listAnswer(currencyRecord),
    describe: 'currency list',
    response: z.array(currencySchema),
  }),
  getCurrenciesIncludes: call({
    method: 'GET',
    path: `${P}/get-currencies-includes-{text}`,
    params: searchTextParams,
    answer: listAnswer(currencyRecord),
    describe: 'currency list',
    response: z.array(currencySchema),
  }),
  updateCurrency: call({
    method: 'POST',
    path: `${P}/update-currency`,
    body: updateCurrencyBodySchema,
    ...write,
    response: currencySchema,
  }),
  deleteUnwantedUsageOfCurrency: call({
    method: 'DELETE',
    path: `${P}/delete-unwanted-usage-of-currency`,
    body: currencyUnwantedUsageBodySchema,
    ...write,
    response: currencySchema,
  }),
  deleteTagOfCurrency: call({
    method: 'DELETE',
    path: `${P}/delete-tag-of-currency`,
    body: currencyTagBodySchema,
    ...write,
    response: currencySchema,
  }),
  checkCurrencyImage: call({
    method: 'GET',
    path: `${P}/check-currency-image`,
    query: imageCheckQuerySchema,
    answer: flagAnswer,
    describe: 'image check',
    response: imageOnFileSchema,
  }),
  getNewCurrencies: call({
    method: 'GET',
    path: `${P}/get-new-currencies`,
    query: newCurrencyPageQuerySchema,
    answer: listAnswer(newCurrencyRecord),
    describe: 'new currency list',
    response: z.array(newCurrencySchema),
  }),
  /** "same query" as get-new-currencies (SPEC.md 7); the page does not change the count. */
  countNewCurrencies: call({
    method: 'GET',
    path: `${P}/find-new-currencies-filter-count`,
    query: newCurrencyPageQuerySchema,
    answer: countAnswer,
    describe: 'new currency count',
    response: countSchema,
  }),
  saveNewCurrency: call({
    method: 'POST',
    path: `${P}/save-new-currency`,
    body: saveNewCurrencyBodySchema,
    ...write,
    response: currencySchema,
  }),
  getNewVersionCurrencies: call({
    method: 'GET',
    path: `${P}/get-new-version-currencies`,
    query: newCurrencyQuerySchema,
    answer: listAnswer(newVersionCurrencyRecord),
    describe: 'new version list',
    response: z.array(newVersionCurrencySchema),
  }),
  saveNewVersionAsNewCurrency: call({
    method: 'POST',
    path: `${P}/save-new-version-currency-as-new-currency`,
    body: newVersionBodySchema,
    ...write,
    response: currencySchema,
  }),
  mergeNewVersionWithOldCurrency: call({
    method: 'POST',
    path: `${P}/merge-new-version-currency-with-old-currency`,
    body: newVersionBodySchema,
    ...write,
    response: currencySchema,
  }),
};

export const marketCalls = {
  getMarketsIncludes: call({
    method: 'GET',
    path: `${P}/get-markets-includes-{text}`,
    params: searchTextParams,
    answer: listAnswer(marketRecord),
    describe: 'market list',
    response: z.array(marketSchema),
  }),
  updateMarket: call({
    method: 'POST',
    path: `${P}/update-market`,
    body: updateMarketBodySchema,
    ...write,
    response: marketSchema,
  }),
  deleteUnwantedUsageOfMarket: call({
    method: 'DELETE',
    path: `${P}/delete-unwanted-usage-of-market`,
    body: marketUnwantedUsageBodySchema,
    ...write,
    response: marketSchema,
  }),
  deleteTagOfMarket: call({
    method: 'DELETE',
    path: `${P}/delete-tag-of-market`,
    body: marketTagBodySchema,
    ...write,
    response: marketSchema,
  }),
  getNewMarkets: call({
    method: 'GET',
    path: `${P}/get-new-markets`,
    answer: listAnswer(newMarketRecord),
    describe: 'new market list',
    response: z.array(newMarketSchema),
  }),
  /** SPEC.md 7: "Saving a new market posts to /save-new-currency" with the market body. */
  saveNewMarket: call({
    method: 'POST',
    path: `${P}/save-new-currency`,
    body: saveNewMarketBodySchema,
    ...write,
    response: marketSchema,
  }),
  checkMarketImage: call({
    method: 'GET',
    path: `${P}/check-market-image`,
    query: imageCheckQuerySchema,
    answer: flagAnswer,
    describe: 'image check',
    response: imageOnFileSchema,
  }),
};

export const tagCalls = {
  addCryptoTag: call({
    method: 'POST',
    path: `${P}/add-crypto-tag`,
    body: cryptoTagBodySchema,
    ...write,
    response: cryptoTagSchema,
  }),
  getCryptoTagsIncludes: call({
    method: 'GET',
    path: `${P}/get-crypto-tags-includes-{text}`,
    params: searchTextParams,
    answer: listAnswer(cryptoTagRecord),
    describe: 'crypto tag list',
    response: z.array(cryptoTagSchema),
  }),
  deleteUsageOfCryptoTag: call({
    method: 'DELETE',
    path: `${P}/delete-usage-of-crypto-tag`,
    body: cryptoTagUsageBodySchema,
    ...write,
    response: cryptoTagSchema,
  }),
  updateCryptoTag: call({
    method: 'POST',
    path: `${P}/update-crypto-tag`,
    body: cryptoTagBodySchema,
    ...write,
    response: cryptoTagSchema,
  }),
  getEcosystemTagsIncludes: call({
    method: 'GET',
    path: `${P}/get-ecosystem-tags-includes-{text}`,
    params: searchTextParams,
    answer: listAnswer(ecosystemTagRecord),
    describe: 'ecosystem tag list',
    response: z.array(ecosystemTagSchema),
  }),
  updateEcosystemTag: call({
    method: 'POST',
    path: `${P}/update-ecosystem-tag`,
    body: ecosystemTagBodySchema,
    ...write,
    response: ecosystemTagSchema,
  }),
};

export const configurationCalls = {
  addConfiguration: call({
    method: 'POST',
    path: `${P}/add-market-currency-configuration`,
    body: configurationBodySchema,
    ...write,
    response: configurationSchema,
  }),
  getConfigurations: call({
    method: 'GET',
    path: `${P}/get-market-currency-configurations`,
    query: marketCurrencyQuerySchema,
    answer: listAnswer(configurationRecord),
    describe: 'configuration list',
    response: z.array(configurationSchema),
  }),
  updateConfiguration: call({
    method: 'POST',
    path: `${P}/update-market-currency-configuration`,
    body: configurationBodySchema,
    ...write,
    response: configurationSchema,
  }),
  deleteConfiguration: call({
    method: 'DELETE',
    path: `${P}/delete-market-currency-configuration`,
    body: configurationBodySchema,
    ...write,
    response: configurationSchema,
  }),
};

export const mismatchCalls = {
  getMismatchTradingPairs: call({
    method: 'GET',
    path: `${P}/get-mismatch-trading-pairs`,
    query: marketCurrencyQuerySchema,
    answer: listAnswer(mismatchTradingPairRecord),
    describe: 'mismatch list',
    response: z.array(mismatchTradingPairSchema),
  }),
  matchMismatchTradingPair: call({
    method: 'POST',
    path: `${P}/match-mismatch-trading-pair`,
    body: configurationBodySchema,
    ...write,
    response: tradingPairMatchSchema,
  }),
  deleteMismatchTradingPair: call({
    method: 'DELETE',
    path: `${P}/delete-mismatch-trading-pair`,
    body: mismatchTradingPairBodySchema,
    ...write,
    response: mismatchTradingPairSchema,
  }),
  getMismatchExplorerUrls: call({
    method: 'GET',
    path: `${P}/get-mismatch-explorer-urls`,
    answer: listAnswer(mismatchExplorerUrlRecord),
    describe: 'explorer url list',
    response: z.array(explorerUrlSchema),
  }),
  matchMismatchExplorerUrl: call({
    method: 'POST',
    path: `${P}/match-mismatch-explorer-url`,
    body: explorerUrlBodySchema,
    ...write,
    response: explorerUrlSchema,
  }),
  deleteMismatchExplorerUrl: call({
    method: 'DELETE',
    path: `${P}/delete-mismatch-explorer-url`,
    body: explorerUrlBodySchema,
    ...write,
    response: explorerUrlSchema,
  }),
};
