import type { z } from 'zod';
import type {
  configurationBodySchema,
  marketCurrencyQuerySchema,
} from '../../shared/bodies/configuration';
import type { Queryable } from '../db/database';
import { refusal, written, type Outcome } from '../../shared/outcome';
import type { configurationSchema } from '../../shared/responses/configuration';

/**
 * Market-currency configurations (SPEC.md 3): how a currency symbol on one of the 13 markets maps
 * to a catalogue currency, and why it needed one (its category: notFound, multiple, different).
 * A configuration is known by its unique name and market.
 */

export type ConfigurationInput = z.output<typeof configurationBodySchema>;
export type MarketCurrencyFilter = z.output<typeof marketCurrencyQuerySchema>;

/** As declared with the configuration calls (src/shared/responses/configuration.ts). */
export type Configuration = z.infer<typeof configurationSchema>;

interface ConfigurationRow {
  symbol: string;
  name: string;
  unique_name: string;
  market: string;
  category: string;
}

export const CONFIGURATION_COLUMNS = 'symbol, name, unique_name, market, category';

export const toConfiguration = (row: ConfigurationRow): Configuration => ({
  currency: row.symbol,
  name: row.name,
  uniqueName: row.unique_name,
  market: row.market,
  category: row.category,
});

const configurationKey = (c: { uniqueName: string; market: string }) =>
  `configuration of "${c.uniqueName}" on ${c.market}`;

/** GET /get-market-currency-configurations: market and currency symbol, exact and any case; empty is any. */
export async function listConfigurations(
  db: Queryable,
  filter: MarketCurrencyFilter,
): Promise<Configuration[]> {
  const rows = await db.query<ConfigurationRow>(
    `SELECT ${CONFIGURATION_COLUMNS} FROM market_currency_configurations
      WHERE ($1 = '' OR market = upper($1)) AND ($2 = '' OR lower(symbol) = lower($2))
      ORDER BY market, lower(symbol), unique_name`,
    [filter.market.trim(), filter.currency.trim()],
  );
  return rows.map(toConfiguration);
}

/** Adds a configuration, or replaces the one of its unique name and market (a match does this). */
export async function upsertConfiguration(
  tx: Queryable,
  c: ConfigurationInput,
): Promise<Configuration> {
  const [row] = await tx.query<ConfigurationRow>(
    `INSERT INTO market_currency_configurations (symbol, name, unique_name, market, category)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (unique_name, market)
       DO UPDATE SET symbol = EXCLUDED.symbol, name = EXCLUDED.name, category = EXCLUDED.category
     RETURNING ${CONFIGURATION_COLUMNS}`,
    [c.currency, c.name, c.uniqueName, c.market, c.category],
  );
  return toConfiguration(row!);
}

/** POST /add-market-currency-configuration: 'duplicate' when its unique name and market have one. */
export async function addConfiguration(
  db: Queryable,
  c: ConfigurationInput,
): Promise<Outcome<Configuration>> {
  const [row] = await db.query<ConfigurationRow>(
    `INSERT INTO market_currency_configurations (symbol, name, unique_name, market, category)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (unique_name, market) DO NOTHING
     RETURNING ${CONFIGURATION_COLUMNS}`,
    [c.currency, c.name, c.uniqueName, c.market, c.category],
  );
  return row
    ? written(toConfiguration(row))
    : refusal('duplicate', `A ${configurationKey(c)} already exists.`);
}

/** POST /update-market-currency-configuration: symbol, name and category of a known one. */
export async function updateConfiguration(
  db: Queryable,
  c: ConfigurationInput,
): Promise<Outcome<Configuration>> {
  const [row] = await db.query<ConfigurationRow>(
    `UPDATE market_currency_configurations SET symbol = $1, name = $2, category = $5
      WHERE unique_name = $3 AND market = $4
      RETURNING ${CONFIGURATION_COLUMNS}`,
    [c.currency, c.name, c.uniqueName, c.market, c.category],
  );
  return row ? written(toConfiguration(row)) : refusal('not_found', `No ${configurationKey(c)}.`);
}

/**
 * DELETE /delete-market-currency-configuration: the record's fields are sent; its unique name and
 * market say which (the other fields may be stale, as a list row can be).
 */
export async function deleteConfiguration(
  db: Queryable,
  c: ConfigurationInput,
): Promise<Outcome<Configuration>> {
  const [row] = await db.query<ConfigurationRow>(
    `DELETE FROM market_currency_configurations WHERE unique_name = $1 AND market = $2
      RETURNING ${CONFIGURATION_COLUMNS}`,
    [c.uniqueName, c.market],
  );
  return row ? written(toConfiguration(row)) : refusal('not_found', `No ${configurationKey(c)}.`);
}
