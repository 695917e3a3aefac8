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
  }),
  getCurrenciesIncludes: call({
    method: 'GET',
    path: `${P}/get-currencies-includes-{text}`,
    params: searchTextParams,
    answer: listAnswer(currencyRecord),
    describe: 'currency list',
  }),
  updateCurrency: call({
    method: 'POST',
    path: `${P}/update-currency`,
    body: updateCurrencyBodySchema,
    ...write,
  }),
  deleteUnwantedUsageOfCurrency: call({
    method: 'DELETE',
    path: `${P}/delete-unwanted-usage-of-currency`,
    body: currencyUnwantedUsageBodySchema,
    ...write,
  }),
  deleteTagOfCurrency: call({
    method: 'DELETE',
    path: `${P}/delete-tag-of-currency`,
    body: currencyTagBodySchema,
    ...write,
  }),
  checkCurrencyImage: call({
    method: 'GET',
    path: `${P}/check-currency-image`,
    query: imageCheckQuerySchema,
    answer: flagAnswer,
    describe: 'image check',
  }),
  getNewCurrencies: call({
    method: 'GET',
    path: `${P}/get-new-currencies`,
    query: newCurrencyPageQuerySchema,
    answer: listAnswer(newCurrencyRecord),
    describe: 'new currency list',
  }),
  /** "same query" as get-new-currencies (SPEC.md 7); the page does not change the count. */
  countNewCurrencies: call({
    method: 'GET',
    path: `${P}/find-new-currencies-filter-count`,
    query: newCurrencyPageQuerySchema,
    answer: countAnswer,
    describe: 'new currency count',
  }),
  saveNewCurrency: call({
    method: 'POST',
    path: `${P}/save-new-currency`,
    body: saveNewCurrencyBodySchema,
    ...write,
  }),
  getNewVersionCurrencies: call({
    method: 'GET',
    path: `${P}/get-new-version-currencies`,
    query: newCurrencyQuerySchema,
    answer: listAnswer(newVersionCurrencyRecord),
    describe: 'new version list',
  }),
  saveNewVersionAsNewCurrency: call({
    method: 'POST',
    path: `${P}/save-new-version-currency-as-new-currency`,
    body: newVersionBodySchema,
    ...write,
  }),
  mergeNewVersionWithOldCurrency: call({
    method: 'POST',
    path: `${P}/merge-new-version-currency-with-old-currency`,
    body: newVersionBodySchema,
    ...write,
  }),
};

export const marketCalls = {
  getMarketsIncludes: call({
    method: 'GET',
    path: `${P}/get-markets-includes-{text}`,
    params: searchTextParams,
    answer: listAnswer(marketRecord),
    describe: 'market list',
  }),
  updateMarket: call({
    method: 'POST',
    path: `${P}/update-market`,
    body: updateMarketBodySchema,
    ...write,
  }),
  deleteUnwantedUsageOfMarket: call({
    method: 'DELETE',
    path: `${P}/delete-unwanted-usage-of-market`,
    body: marketUnwantedUsageBodySchema,
    ...write,
  }),
  deleteTagOfMarket: call({
    method: 'DELETE',
    path: `${P}/delete-tag-of-market`,
    body: marketTagBodySchema,
    ...write,
  }),
  getNewMarkets: call({
    method: 'GET',
    path: `${P}/get-new-markets`,
    answer: listAnswer(newMarketRecord),
    describe: 'new market list',
  }),
  /** SPEC.md 7: "Saving a new market posts to /save-new-currency" with the market body. */
  saveNewMarket: call({
    method: 'POST',
    path: `${P}/save-new-currency`,
    body: saveNewMarketBodySchema,
    ...write,
  }),
  checkMarketImage: call({
    method: 'GET',
    path: `${P}/check-market-image`,
    query: imageCheckQuerySchema,
    answer: flagAnswer,
    describe: 'image check',
  }),
};

export const tagCalls = {
  addCryptoTag: call({
    method: 'POST',
    path: `${P}/add-crypto-tag`,
    body: cryptoTagBodySchema,
    ...write,
  }),
  getCryptoTagsIncludes: call({
    method: 'GET',
    path: `${P}/get-crypto-tags-includes-{text}`,
    params: searchTextParams,
    answer: listAnswer(cryptoTagRecord),
    describe: 'crypto tag list',
  }),
  deleteUsageOfCryptoTag: call({
    method: 'DELETE',
    path: `${P}/delete-usage-of-crypto-tag`,
    body: cryptoTagUsageBodySchema,
    ...write,
  }),
  updateCryptoTag: call({
    method: 'POST',
    path: `${P}/update-crypto-tag`,
    body: cryptoTagBodySchema,
    ...write,
  }),
  getEcosystemTagsIncludes: call({
    method: 'GET',
    path: `${P}/get-ecosystem-tags-includes-{text}`,
    params: searchTextParams,
    answer: listAnswer(ecosystemTagRecord),
    describe: 'ecosystem tag list',
  }),
  updateEcosystemTag: call({
    method: 'POST',
    path: `${P}/update-ecosystem-tag`,
    body: ecosystemTagBodySchema,
    ...write,
  }),
};

export const configurationCalls = {
  addConfiguration: call({
    method: 'POST',
    path: `${P}/add-market-currency-configuration`,
    body: configurationBodySchema,
    ...write,
  }),
  getConfigurations: call({
    method: 'GET',
    path: `${P}/get-market-currency-configurations`,
    query: marketCurrencyQuerySchema,
    answer: listAnswer(configurationRecord),
    describe: 'configuration list',
  }),
  updateConfiguration: call({
    method: 'POST',
    path: `${P}/update-market-currency-configuration`,
    body: configurationBodySchema,
    ...write,
  }),
  deleteConfiguration: call({
    method: 'DELETE',
    path: `${P}/delete-market-currency-configuration`,
    body: configurationBodySchema,
    ...write,
  }),
};

export const mismatchCalls = {
  getMismatchTradingPairs: call({
    method: 'GET',
    path: `${P}/get-mismatch-trading-pairs`,
    query: marketCurrencyQuerySchema,
    answer: listAnswer(mismatchTradingPairRecord),
    describe: 'mismatch list',
  }),
  matchMismatchTradingPair: call({
    method: 'POST',
    path: `${P}/match-mismatch-trading-pair`,
    body: configurationBodySchema,
    ...write,
  }),
  deleteMismatchTradingPair: call({
    method: 'DELETE',
    path: `${P}/delete-mismatch-trading-pair`,
    body: mismatchTradingPairBodySchema,
    ...write,
  }),
  getMismatchExplorerUrls: call({
    method: 'GET',
    path: `${P}/get-mismatch-explorer-urls`,
    answer: listAnswer(mismatchExplorerUrlRecord),
    describe: 'explorer url list',
  }),
  matchMismatchExplorerUrl: call({
    method: 'POST',
    path: `${P}/match-mismatch-explorer-url`,
    body: explorerUrlBodySchema,
    ...write,
  }),
  deleteMismatchExplorerUrl: call({
    method: 'DELETE',
    path: `${P}/delete-mismatch-explorer-url`,
    body: explorerUrlBodySchema,
    ...write,
  }),
};
