import type { z } from 'zod';
import type {
  explorerUrlBodySchema,
  mismatchTradingPairBodySchema,
} from '../../shared/bodies/configuration';
import { refusal, written, type Outcome } from '../../shared/outcome';
import type {
  explorerUrlSchema,
  mismatchTradingPairSchema,
  tradingPairMatchSchema,
} from '../../shared/responses/configuration';
import { atomically, refuse } from '../db/atomically';
import type { Database, Queryable } from '../db/database';
import {
  upsertConfiguration,
  type ConfigurationInput,
  type MarketCurrencyFilter,
} from './configurationRepo';

/**
 * The two mismatch queues (SPEC.md 3, 4): trading pairs the provider could not tie to a catalogue
 * currency on a market, and explorer URLs it could not tie to a currency. Matching resolves a
 * mismatch (it leaves its queue and what it says is recorded); deleting only drops it.
 */

export type MismatchTradingPairInput = z.output<typeof mismatchTradingPairBodySchema>;
export type ExplorerUrlInput = z.output<typeof explorerUrlBodySchema>;

/** As declared with the mismatch calls (src/shared/responses/configuration.ts). */
export type MismatchTradingPair = z.infer<typeof mismatchTradingPairSchema>;

interface PairRow {
  market: string;
  pair: string;
  base_currency: string;
  other_currency: string;
  message: string;
}

const PAIR_COLUMNS = 'market, pair, base_currency, other_currency, message';

const toPair = (row: PairRow): MismatchTradingPair => ({
  market: row.market,
  pair: row.pair,
  baseCurrency: row.base_currency,
  otherCurrency: row.other_currency,
  message: row.message,
});

/** The queued pairs of a market (any when empty) whose base or other currency is the symbol. */
const PAIR_FILTER = `($1 = '' OR market = upper($1))
  AND ($2 = '' OR lower(base_currency) = lower($2) OR lower(other_currency) = lower($2))`;

/** GET /get-mismatch-trading-pairs: market and currency symbol (base or other), any case. */
export async function listMismatchTradingPairs(
  db: Queryable,
  filter: MarketCurrencyFilter,
): Promise<MismatchTradingPair[]> {
  const rows = await db.query<PairRow>(
    `SELECT ${PAIR_COLUMNS} FROM mismatch_trading_pairs WHERE ${PAIR_FILTER}
      ORDER BY market, pair`,
    [filter.market.trim(), filter.currency.trim()],
  );
  return rows.map(toPair);
}

/** The configuration the match named (added or replaced) and the queued pairs it resolved. */
export type TradingPairMatch = z.infer<typeof tradingPairMatchSchema>;

/**
 * POST /match-mismatch-trading-pair. The body is a configuration (market, category, currency,
 * name, uniqueName) and names no pair: it resolves every queued pair of that market whose base or
 * other currency is that symbol (any case), exactly what the list filtered by that market and
 * currency shows. In one transaction the configuration of (uniqueName, market) is added or
 * replaced and those pairs leave the queue; when none is queued, nothing is written.
 */
export async function matchMismatchTradingPair(
  db: Database,
  match: ConfigurationInput,
): Promise<Outcome<TradingPairMatch>> {
  return atomically(db, async (tx) => {
    const configuration = await upsertConfiguration(tx, match);
    const resolved = await tx.query<PairRow>(
      `DELETE FROM mismatch_trading_pairs WHERE ${PAIR_FILTER} RETURNING ${PAIR_COLUMNS}`,
      [match.market, match.currency],
    );
    if (resolved.length === 0)
      refuse(
        'not_found',
        `No mismatch trading pair of ${match.market} with currency "${match.currency}" is queued.`,
      );
    return {
      configuration,
      resolved: resolved.map(toPair).sort((a, b) => a.pair.localeCompare(b.pair)),
    };
  });
}

/** DELETE /delete-mismatch-trading-pair: drops the pair of that market from the queue, nothing else. */
export async function deleteMismatchTradingPair(
  db: Queryable,
  body: MismatchTradingPairInput,
): Promise<Outcome<MismatchTradingPair>> {
  const [row] = await db.query<PairRow>(
    `DELETE FROM mismatch_trading_pairs WHERE market = $1 AND pair = $2 RETURNING ${PAIR_COLUMNS}`,
    [body.market, body.pair],
  );
  return row
    ? written(toPair(row))
    : refusal('not_found', `No mismatch trading pair ${body.pair} of ${body.market} is queued.`);
}

// ---- Explorer URLs ------------------------------------------------------------------------------

/** SPEC.md 3 names the flag `specific`; it is sent as `isSpecific`. Both are given. */
export type ExplorerUrl = z.infer<typeof explorerUrlSchema>;

interface UrlRow {
  url: string;
  unique_name: string;
  name: string;
  is_specific: boolean;
}

const URL_COLUMNS = 'url, unique_name, name, is_specific';

const toExplorerUrl = (row: UrlRow): ExplorerUrl => ({
  url: row.url,
  uniqueName: row.unique_name,
  name: row.name,
  specific: row.is_specific,
  isSpecific: row.is_specific,
});

/** GET /get-mismatch-explorer-urls: the whole queue, oldest first. */
export async function listMismatchExplorerUrls(db: Queryable): Promise<ExplorerUrl[]> {
  const rows = await db.query<UrlRow>(
    `SELECT ${URL_COLUMNS} FROM mismatch_explorer_urls ORDER BY id`,
  );
  return rows.map(toExplorerUrl);
}

/**
 * POST /match-mismatch-explorer-url: the queued URL leaves the queue (under whichever unique name
 * it was queued: matching is choosing the currency it belongs to, which the operator may change
 * in the form) and is recorded on the catalogue currency of the unique name sent, with the name
 * and flag sent (replacing an earlier record of the same URL). Unknown URL or currency: nothing
 * is written.
 */
export async function matchMismatchExplorerUrl(
  db: Database,
  body: ExplorerUrlInput,
): Promise<Outcome<ExplorerUrl>> {
  return atomically(db, async (tx) => {
    const taken = await tx.query<UrlRow>(
      `DELETE FROM mismatch_explorer_urls WHERE url = $1 RETURNING ${URL_COLUMNS}`,
      [body.url],
    );
    if (taken.length === 0) refuse('not_found', `No mismatch explorer url ${body.url} is queued.`);
    const [currency] = await tx.query<{ id: number }>(
      'SELECT id FROM currencies WHERE unique_name = $1 FOR SHARE',
      [body.uniqueName],
    );
    if (!currency) refuse('not_found', `No currency with unique name "${body.uniqueName}".`);
    const [row] = await tx.query<UrlRow>(
      `INSERT INTO currency_explorer_urls (unique_name, url, name, is_specific)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (unique_name, url)
         DO UPDATE SET name = EXCLUDED.name, is_specific = EXCLUDED.is_specific, matched_at = now()
       RETURNING ${URL_COLUMNS}`,
      [body.uniqueName, body.url, body.name, body.isSpecific],
    );
    return toExplorerUrl(row!);
  });
}

/** DELETE /delete-mismatch-explorer-url: drops the URL of that unique name from the queue only. */
export async function deleteMismatchExplorerUrl(
  db: Queryable,
  body: ExplorerUrlInput,
): Promise<Outcome<ExplorerUrl>> {
  const [row] = await db.query<UrlRow>(
    `DELETE FROM mismatch_explorer_urls WHERE unique_name = $1 AND url = $2 RETURNING ${URL_COLUMNS}`,
    [body.uniqueName, body.url],
  );
  return row
    ? written(toExplorerUrl(row))
    : refusal(
        'not_found',
        `No mismatch explorer url ${body.url} of "${body.uniqueName}" is queued.`,
      );
}
