import { randomBytes } from 'node:crypto';

/**
 * The catalogue's version (docs/performance.md, The server and the catalogue): the validator of the
 * get-currencies answer (and of its search), bumped by every write of this server that can change
 * it, so that a matching If-None-Match is answered 304 without a query and an ETag never costs a
 * hash of 13 MB. Every table the answer reads (currencies, currency_trading_pairs) is written only
 * through src/server/currency (endpoints/currencyEndpoints.ts wraps each write); a write made
 * beside this server (the seed, a script, a test's SQL) must call catalogueChanged itself. The boot
 * id keeps a restarted server from ever matching a tag from before its start.
 */
const BOOT = randomBytes(6).toString('base64url');

/**
 * A catalogue answer built whole: its JSON, and its gzip once a request that takes gzip has asked
 * for it (made once, kept with it).
 */
export interface BuiltAnswer {
  json: string;
  gzip: Promise<Buffer> | null;
}

export interface CatalogueVersion {
  version: number;
  /**
   * The whole catalogue of one version, once it has been read and sent (catalogueStream.ts): its
   * JSON and gzip, for every later request of that version. Settled when the read that builds it
   * has ended.
   */
  built: { version: number; whole: Promise<BuiltAnswer> } | null;
}

const versions = new WeakMap<object, CatalogueVersion>();

/** The version of the catalogue held in `db` (one per database this process serves). */
export function catalogueVersion(db: object): CatalogueVersion {
  let state = versions.get(db);
  if (!state) {
    state = { version: 0, built: null };
    versions.set(db, state);
  }
  return state;
}

/** Called after a write that may have changed the catalogue: the next read builds it again. */
export function catalogueChanged(db: object): void {
  const state = catalogueVersion(db);
  state.version += 1;
  state.built = null;
}

/** The ETag of a version: a strong validator, the same for every URL of the catalogue. */
export const catalogueTag = (version: number) => `"cat-${BOOT}-${version}"`;
