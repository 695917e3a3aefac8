/**
 * The catalogue's memory used again from one version to the next (chunkPool.ts): a list the cache
 * gives up lends its chunks to the next read, so a changed catalogue does not leave 14 MB of
 * garbage outside V8's heap each time (docs/performance.md, The paint floor).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { CatalogueCache } from '../../../src/main/core/catalogue/catalogueCache';
import { ChunkPool, POOL_CHUNK } from '../../../src/main/core/catalogue/chunkPool';
import type { CatalogueRead } from '../../../src/main/core/catalogue/conditionalRead';
import { ListScan } from '../../../src/main/core/catalogue/listScan';
import { ScannedRows } from '../../../src/main/core/catalogue/scannedRows';
import { currencyRecord, type Currency } from '../../../src/shared/api/records';

/** A list of `names` scanned into chunks of `size` bytes taken from `pool`. */
function pooledRows(pool: ChunkPool, names: string[], size = 4096) {
  const body = Buffer.from(JSON.stringify(names.map((name) => ({ name, uniqueName: name }))));
  const scan = new ListScan();
  for (let at = 0; at < body.length; at += size) scan.push(pool.copy(body.subarray(at, at + size)));
  return new ScannedRows(scan.end()!, currencyRecord, 'currency list', pool);
}

describe('ChunkPool', () => {
  it('packs pieces that arrive one after another into pooled chunks, each chunk back once', () => {
    const pool = new ChunkPool(24, 1000);
    const filler = pool.filler();
    // Small while the body is small: memory of its own size, nothing pooled.
    const [small] = filler.append(Buffer.from('[{"a":1}'));
    expect(small!.buffer.byteLength).toBeLessThan(POOL_CHUNK);
    // Past `smallest`, pieces are packed one after another into one chunk, then the next.
    const piece = Buffer.alloc(POOL_CHUNK / 2 + 10, 0x41);
    const views = [piece, piece, piece].flatMap((p) => filler.append(p));
    expect(views).toHaveLength(4);
    expect(views[0]!.buffer).toBe(views[1]!.buffer);
    expect(views[2]!.buffer).not.toBe(views[1]!.buffer);
    expect(views[2]!.buffer).toBe(views[3]!.buffer);
    expect(views[1]!.byteOffset).toBe(views[0]!.length);
    expect(Buffer.concat(views).equals(Buffer.concat([piece, piece, piece]))).toBe(true);
    pool.release([small!, ...views, ...views]);
    expect(pool.size()).toBe(2);
  });

  it('copies a piece into pooled memory, and gives memory back only once and only its own', () => {
    const pool = new ChunkPool(24, 0);
    const piece = Buffer.from('[{"name":"Bitcoin"}]');
    const copy = pool.copy(piece);
    expect(copy.equals(piece)).toBe(true);
    expect(copy.buffer).not.toBe(piece.buffer);
    expect(copy.buffer.byteLength).toBe(POOL_CHUNK);
    pool.release([copy, copy, Buffer.alloc(POOL_CHUNK)]);
    expect(pool.size()).toBe(1);
    // The next copy uses that memory again.
    const again = pool.copy(Buffer.from('[]'));
    expect(again.buffer).toBe(copy.buffer);
    expect(pool.size()).toBe(0);
    expect(() => pool.copy(Buffer.alloc(POOL_CHUNK + 1))).toThrow(RangeError);
  });

  it('gives a small piece memory of its own size, never a pooled chunk', () => {
    const pool = new ChunkPool();
    const small = pool.copy(Buffer.from('[{"name":"Bitcoin"}]'));
    expect(small.buffer.byteLength).toBeLessThan(POOL_CHUNK);
    pool.release([small]);
    expect(pool.size()).toBe(0);
  });

  it('keeps at most its share of spare memory', () => {
    const pool = new ChunkPool(2, 0);
    const chunks = [1, 2, 3].map(() => pool.copy(Buffer.from('x')));
    pool.release(chunks);
    expect(pool.size()).toBe(2);
  });
});

describe('a released list', () => {
  it('reads what a page awaiting it asks now, and gives its chunks back after', async () => {
    const pool = new ChunkPool(24, 0);
    const rows = pooledRows(pool, ['bitcoin', 'ether', 'solana']);
    rows.release();
    // Still now (a page asked for just before the list was given up).
    expect(rows.slice(0, 1)[0]!.name).toBe('bitcoin');
    expect(pool.size()).toBe(0);
    await nextTurn();
    expect(pool.size()).toBeGreaterThan(0);
    // What was read stays; what was not can no longer be read from lent memory.
    expect(rows.slice(0, 1)[0]!.name).toBe('bitcoin');
    expect(() => rows.slice(1, 2)).toThrow('released');
  });
});

describe('the cache releases the lists it gives up', () => {
  function cacheOf(lists: Map<string, () => ScannedRows<Currency>>) {
    const read = vi.fn(async (text: string): Promise<CatalogueRead> => ({
      kind: 'fresh',
      rows: lists.get(text)!(),
      etag: null,
    }));
    return new CatalogueCache({ read, owner: () => 'reviewer1' });
  }

  it('the version a fresh read replaces, the searches past those kept, and all at forget()', async () => {
    const pool = new ChunkPool(100, 0);
    const made: ScannedRows<Currency>[] = [];
    const released = new Set<ScannedRows<Currency>>();
    const make = (names: string[]) => () => {
      const rows = pooledRows(pool, names);
      const release = rows.release.bind(rows);
      rows.release = () => {
        released.add(rows);
        release();
      };
      made.push(rows);
      return rows;
    };
    const lists = new Map<string, () => ScannedRows<Currency>>([['', make(['a', 'b', 'c'])]]);
    for (let n = 0; n < 9; n++) lists.set(`s${n}`, make([`s${n}`]));
    const cache = cacheOf(lists);
    await cache.page({ contains: '', page: 0, fresh: true });
    // A page turn keeps the same list.
    await cache.page({ contains: '', page: 0, fresh: false });
    expect(released.size).toBe(0);
    // A fresh read replaces it.
    await cache.page({ contains: '', page: 0, fresh: true });
    expect([...released]).toEqual([made[0]]);

    // Nine searches: the oldest goes past the eight kept.
    for (let n = 0; n < 9; n++) await cache.page({ contains: `s${n}`, page: 0, fresh: true });
    const searches = made.slice(2);
    expect(searches).toHaveLength(9);
    expect([...released]).toEqual([made[0], searches[0]]);
    await nextTurn();
    expect(pool.size()).toBe(2);

    cache.forget();
    // The whole catalogue's current list and the eight searches kept.
    expect(released.size).toBe(2 + 9);
    expect(released.has(made[1]!)).toBe(true);
    await nextTurn();
    expect(pool.size()).toBe(11);
  });
});

describe('a 304 for a list given up while the question was out', () => {
  it('reads the list again, whole, rather than answering from released memory', async () => {
    const pool = new ChunkPool(100, 0);
    const asked: { text: string; etag: string | null }[] = [];
    let holdCoin: ((read: CatalogueRead) => void) | null = null;
    const read = vi.fn((text: string, etag: string | null): Promise<CatalogueRead> => {
      asked.push({ text, etag });
      if (text === 'coin' && etag !== null)
        return new Promise((answer) => {
          holdCoin = answer;
        });
      return Promise.resolve({
        kind: 'fresh',
        rows: pooledRows(pool, [`${text}-1`, `${text}-2`]),
        etag: `"${text}"`,
      });
    });
    const cache = new CatalogueCache({ read, owner: () => 'reviewer1', pageSize: 1 });
    await cache.page({ contains: 'coin', page: 0, fresh: true });
    for (let n = 0; n < 7; n++) await cache.page({ contains: `s${n}`, page: 0, fresh: true });
    // "coin" is asked again (with its ETag); meanwhile a ninth search pushes it out.
    const again = cache.page({ contains: 'coin', page: 1, fresh: true });
    await cache.page({ contains: 's7', page: 0, fresh: true });
    await nextTurn();
    holdCoin!({ kind: 'same' });
    await expect(again).resolves.toMatchObject({ rows: [{ name: 'coin-2' }], total: 2, page: 1 });
    expect(asked.filter((question) => question.text === 'coin')).toEqual([
      { text: 'coin', etag: null },
      { text: 'coin', etag: '"coin"' },
      { text: 'coin', etag: null },
    ]);
  });
});
