/**
 * Every data call of SPEC.md 7 (the auth calls are in server.ts). All need a live ADMIN bearer
 * token. A handler that returns nothing succeeded; the route then answers as declared below.
 * Error answers are short text/plain bodies (400 bad body, 404 unknown record, 415 wrong media
 * type); an unknown route is a JSON 404.
 *
 * How writes answer (T = /twitter-service, N = /news-service, C = /configuration-service/dqc):
 *
 * | route                                                         | answer              |
 * | ------------------------------------------------------------- | ------------------- |
 * | PUT T/manually-select, T/manually-eliminate, T/add-keyword    | 200, empty body     |
 * | PUT N/manually-select, N/manually-eliminate, N/add-keyword    | 200 `true` (JSON)   |
 * | POST T/add-eliminated-keyword-on-eliminated-tweet             | 200 `true`          |
 * | POST N/add-eliminated-keyword-on-eliminated-news              | 200, empty body     |
 * | PUT T/{id}/reviewed, N/{id}/reviewed                          | 204 No Content      |
 * | POST T/add-keyword, N/add-keyword                             | 200 "OK" text/plain |
 * | POST T/update-keyword, N/update-keyword                       | 200, empty body     |
 * | DELETE T/delete-keyword-{id}, N/delete-keyword-{id}           | 204 No Content      |
 * | POST T/delete-unwantedUsage, N/delete-unwantedUsage           | 200 `true`          |
 * | POST /nlp-service/create-tweet-model, create-news-model       | 200 "OK" text/plain |
 * | POST C/update-currency, C/update-crypto-tag, C/update-market  | 200, empty body     |
 * | DELETE C/delete-unwanted-usage-of-currency, -tag-of-currency  | 204 No Content      |
 * | DELETE C/delete-unwanted-usage-of-market, C/delete-tag-of-market | 204 No Content   |
 * | POST C/add-crypto-tag                                         | 200 "OK" text/plain |
 * | DELETE C/delete-usage-of-crypto-tag                           | 200 `true`          |
 * | POST C/update-ecosystem-tag                                   | 200 `true`          |
 * | POST C/save-new-currency (a currency, or a market by marketId) | 200 `true`         |
 * | POST C/save-new-version-currency-as-new-currency              | 200 "OK" text/plain |
 * | POST C/merge-new-version-currency-with-old-currency           | 200, empty body     |
 * | POST C/add-market-currency-configuration                      | 200 `true`          |
 * | POST C/update-market-currency-configuration                   | 200, empty body     |
 * | DELETE C/delete-market-currency-configuration                 | 204 No Content      |
 * | POST C/match-mismatch-trading-pair                            | 200 "OK" text/plain |
 * | DELETE C/delete-mismatch-trading-pair                         | 204 No Content      |
 * | POST C/match-mismatch-explorer-url                            | 200 `true`          |
 * | DELETE C/delete-mismatch-explorer-url                         | 204 No Content      |
 * | POST T/add-coin-account, add-news-account, add-market-account | 200 `true`          |
 * | POST T/update-coin-account, -news-, -market-account           | 200, empty body     |
 * | DELETE T/delete-coin-account, -news-, -market-account         | 204 No Content      |
 *
 * Counts: POST T/count is text/plain "45"; POST N/count is the JSON string "30"
 * (application/json); GET C/find-new-currencies-filter-count is text/plain "30".
 * Image checks (GET C/check-currency-image, C/check-market-image) answer JSON `true` / `false`.
 * Lists are JSON arrays of the state's records as they are (see demoData.ts for which fields are
 * left out, null, or numbers); new currencies add sameCurrencySymbolList (null when none), new
 * markets sameMarketNameList (null when none), new versions oldVersionCurrency (the record).
 */
import { coinAccounts, marketAccounts, newsAccounts } from './accounts';
import {
  addConfiguration,
  deleteConfiguration,
  deleteMismatchExplorerUrl,
  deleteMismatchTradingPair,
  getConfigurations,
  getMismatchExplorerUrls,
  getMismatchTradingPairs,
  matchMismatchExplorerUrl,
  matchMismatchTradingPair,
  updateConfiguration,
} from './configurations';
import type { Handler } from './context';
import {
  checkCurrencyImage,
  checkMarketImage,
  deleteTagOfCurrency,
  deleteUnwantedUsageOfCurrency,
  getCurrencies,
  getCurrenciesIncludes,
  getNewCurrencies,
  getNewVersionCurrencies,
  mergeNewVersionWithOldCurrency,
  newCurrenciesCount,
  saveNewCurrency,
  saveNewVersionAsNewCurrency,
  updateCurrency,
} from './currencies';
import { empty, json, noContent, text, type Reply } from './http';
import { keywordHandlers } from './keywords';
import {
  deleteTagOfMarket,
  deleteUnwantedUsageOfMarket,
  getMarketsIncludes,
  getNewMarkets,
  updateMarket,
} from './markets';
import { newsReview, tweetReview } from './review';
import {
  addCryptoTag,
  deleteUsageOfCryptoTag,
  getCryptoTagsIncludes,
  getEcosystemTagsIncludes,
  updateCryptoTag,
  updateEcosystemTag,
} from './tags';
import type { ReviewService } from './types';

/** How a successful write answers. */
export type WriteAnswer = 'empty' | 'true' | 'noContent' | 'ok';

export function answerOf(kind: WriteAnswer): Reply {
  switch (kind) {
    case 'empty':
      return empty();
    case 'true':
      return json(true);
    case 'noContent':
      return noContent();
    case 'ok':
      return text('OK');
  }
}

export interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  params: string[];
  handle: Handler;
  /** Writes only: the answer of a success. */
  answer?: WriteAnswer;
}

/** '/twitter-service/{id}/reviewed' -> a regex with one group per {name}. */
function compile(template: string): { pattern: RegExp; params: string[] } {
  const params: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name) {
        params.push(name);
        return '([^/]*)';
      }
      return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), params };
}

function read(method: string, template: string, handle: Handler): Route {
  return { method, template, handle, ...compile(template) };
}

function write(method: string, template: string, answer: WriteAnswer, handle: Handler): Route {
  return { method, template, handle, answer, ...compile(template) };
}

function modelRun(service: ReviewService): Handler {
  return (ctx) => {
    ctx.state.modelRuns[service] += 1;
  };
}

function reviewRoutes(prefix: string, service: ReviewService): Route[] {
  const review = service === 'tweets' ? tweetReview : newsReview;
  const keywords = keywordHandlers(service);
  const changeAnswer: WriteAnswer = service === 'tweets' ? 'empty' : 'true';
  const itemName = service === 'tweets' ? 'tweet' : 'news';
  return [
    read('GET', `${prefix}/get-keywords`, keywords.getKeywords),
    read('GET', `${prefix}/get-keywords-includes-{text}`, keywords.getKeywordsIncludes),
    read('POST', `${prefix}/filter`, review.filter),
    read('POST', `${prefix}/count`, review.count),
    ...(['manually-select', 'manually-eliminate', 'add-keyword'] as const).map((change) =>
      write('PUT', `${prefix}/${change}`, changeAnswer, review.manualChange(change)),
    ),
    write(
      'POST',
      `${prefix}/add-eliminated-keyword-on-eliminated-${itemName}`,
      service === 'tweets' ? 'true' : 'empty',
      review.addEliminatedKeyword,
    ),
    write('PUT', `${prefix}/{id}/reviewed`, 'noContent', review.reviewed),
    write('POST', `${prefix}/add-keyword`, 'ok', keywords.addKeyword),
    write('POST', `${prefix}/update-keyword`, 'empty', keywords.updateKeyword),
    write('DELETE', `${prefix}/delete-keyword-{id}`, 'noContent', keywords.deleteKeyword),
    write('POST', `${prefix}/delete-unwantedUsage`, 'true', keywords.deleteUnwantedUsage),
  ];
}

function accountRoutes(): Route[] {
  const T = '/twitter-service';
  const kinds = [
    ['coin', coinAccounts],
    ['news', newsAccounts],
    ['market', marketAccounts],
  ] as const;
  return kinds.flatMap(([kind, handlers]) => [
    read('GET', `${T}/get-${kind}-accounts`, handlers.get),
    write('POST', `${T}/add-${kind}-account`, 'true', handlers.add),
    write('POST', `${T}/update-${kind}-account`, 'empty', handlers.update),
    write('DELETE', `${T}/delete-${kind}-account`, 'noContent', handlers.remove),
  ]);
}

function configurationRoutes(): Route[] {
  const C = '/configuration-service/dqc';
  return [
    read('GET', `${C}/get-currencies`, getCurrencies),
    read('GET', `${C}/get-currencies-includes-{text}`, getCurrenciesIncludes),
    write('POST', `${C}/update-currency`, 'empty', updateCurrency),
    write(
      'DELETE',
      `${C}/delete-unwanted-usage-of-currency`,
      'noContent',
      deleteUnwantedUsageOfCurrency,
    ),
    write('DELETE', `${C}/delete-tag-of-currency`, 'noContent', deleteTagOfCurrency),
    read('GET', `${C}/get-crypto-tags-includes-{text}`, getCryptoTagsIncludes),
    write('POST', `${C}/add-crypto-tag`, 'ok', addCryptoTag),
    write('DELETE', `${C}/delete-usage-of-crypto-tag`, 'true', deleteUsageOfCryptoTag),
    write('POST', `${C}/update-crypto-tag`, 'empty', updateCryptoTag),
    read('GET', `${C}/get-markets-includes-{text}`, getMarketsIncludes),
    read('GET', `${C}/get-ecosystem-tags-includes-{text}`, getEcosystemTagsIncludes),
    write('POST', `${C}/update-ecosystem-tag`, 'true', updateEcosystemTag),
    write('POST', `${C}/update-market`, 'empty', updateMarket),
    write(
      'DELETE',
      `${C}/delete-unwanted-usage-of-market`,
      'noContent',
      deleteUnwantedUsageOfMarket,
    ),
    write('DELETE', `${C}/delete-tag-of-market`, 'noContent', deleteTagOfMarket),
    read('GET', `${C}/get-new-currencies`, getNewCurrencies),
    read('GET', `${C}/find-new-currencies-filter-count`, newCurrenciesCount),
    write('POST', `${C}/save-new-currency`, 'true', saveNewCurrency),
    read('GET', `${C}/check-currency-image`, checkCurrencyImage),
    read('GET', `${C}/check-market-image`, checkMarketImage),
    read('GET', `${C}/get-new-markets`, getNewMarkets),
    read('GET', `${C}/get-new-version-currencies`, getNewVersionCurrencies),
    write(
      'POST',
      `${C}/save-new-version-currency-as-new-currency`,
      'ok',
      saveNewVersionAsNewCurrency,
    ),
    write(
      'POST',
      `${C}/merge-new-version-currency-with-old-currency`,
      'empty',
      mergeNewVersionWithOldCurrency,
    ),
    write('POST', `${C}/add-market-currency-configuration`, 'true', addConfiguration),
    read('GET', `${C}/get-market-currency-configurations`, getConfigurations),
    write('POST', `${C}/update-market-currency-configuration`, 'empty', updateConfiguration),
    write('DELETE', `${C}/delete-market-currency-configuration`, 'noContent', deleteConfiguration),
    read('GET', `${C}/get-mismatch-trading-pairs`, getMismatchTradingPairs),
    write('POST', `${C}/match-mismatch-trading-pair`, 'ok', matchMismatchTradingPair),
    write('DELETE', `${C}/delete-mismatch-trading-pair`, 'noContent', deleteMismatchTradingPair),
    read('GET', `${C}/get-mismatch-explorer-urls`, getMismatchExplorerUrls),
    write('POST', `${C}/match-mismatch-explorer-url`, 'true', matchMismatchExplorerUrl),
    write('DELETE', `${C}/delete-mismatch-explorer-url`, 'noContent', deleteMismatchExplorerUrl),
  ];
}

/** In matching order: the find-by-id routes come last, so named routes win over {id}. */
export const ROUTES: readonly Route[] = [
  ...reviewRoutes('/twitter-service', 'tweets'),
  ...reviewRoutes('/news-service', 'news'),
  ...accountRoutes(),
  write('POST', '/nlp-service/create-tweet-model', 'ok', modelRun('tweets')),
  write('POST', '/nlp-service/create-news-model', 'ok', modelRun('news')),
  ...configurationRoutes(),
  read('POST', '/news-service/find-by-id/{id}', newsReview.findById),
  read('POST', '/twitter-service/{id}', tweetReview.findById),
];

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

/** The route of a method and path, with its decoded parameters; undefined for none. */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const found = route.pattern.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    route.params.forEach((name, index) => {
      params[name] = decodeURIComponent(found[index + 1] ?? '');
    });
    return { route, params };
  }
  return undefined;
}
