/**
 * docs/performance.md, The server and the catalogue: core keeps the Crypto Currency list and the
 * bridge carries one page of it ('currencies.cataloguePage'). Against the reference server (ETag,
 * gzip) and the spec provider (neither): what went over the wire is read from a recording fetch
 * that core is given.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../../src/main/core/createCore';
import type { Currency } from '../../../src/shared/api/records';
import type { CataloguePage } from '../../../src/shared/catalogue';
import type { Envelope } from '../../../src/shared/bridge';
import {
  BACKENDS,
  coreFor,
  signedIn,
  startBackend,
  type Backend,
} from '../../support/coreBackends';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

const CATALOGUE = '/configuration-service/dqc/get-currencies';

interface Sent {
  path: string;
  ifNoneMatch: string | null;
  acceptEncoding: string | null;
  status: number;
  etag: string | null;
  encoding: string | null;
}

/** A fetch that records each catalogue call core sends and what the backend answered. */
function recordingFetch() {
  const sent: Sent[] = [];
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await fetch(request);
    const path = decodeURIComponent(new URL(request.url).pathname);
    if (path.startsWith(CATALOGUE))
      sent.push({
        path,
        ifNoneMatch: request.headers.get('if-none-match'),
        acceptEncoding: request.headers.get('accept-encoding'),
        status: response.status,
        etag: response.headers.get('etag'),
        encoding: response.headers.get('content-encoding'),
      });
    return response;
  };
  return { sent, fetch: recording };
}

function dataOf<T>(envelope: Envelope<unknown>): T {
  if (!envelope.ok) throw new Error(`expected ok, got ${JSON.stringify(envelope.error)}`);
  return envelope.data as T;
}

describe.each(BACKENDS)('the catalogue kept in core, against the %s', (kind) => {
  let b: Backend;
  let core: Core;
  let wire: ReturnType<typeof recordingFetch>;
  let all: Currency[];
  beforeAll(async () => {
    b = await startBackend(kind);
    wire = recordingFetch();
    core = await signedIn(coreFor(b.url, { fetch: wire.fetch }), 'reviewer2');
    all = (await b.raw('GET', CATALOGUE)).value as Currency[];
  });
  afterAll(() => b?.close());

  const page = async (contains: string, at: number, fresh: boolean) =>
    dataOf<CataloguePage>(
      await core.dispatch('currencies.cataloguePage', { contains, page: at, fresh }),
    );
  const names = (rows: { uniqueName?: string | null }[]) => rows.map((c) => c.uniqueName);
  const take = () => wire.sent.splice(0);

  it('answers the page shown and the total; a page turn costs no call', async () => {
    take();
    const first = await page('', 0, true);
    expect(first.total).toBe(all.length);
    expect(first.page).toBe(0);
    expect(names(first.rows)).toEqual(names(all.slice(0, 50)));
    expect(take()).toHaveLength(1);

    const second = await page('', 1, false);
    expect(names(second.rows)).toEqual(names(all.slice(50, 100)));
    expect(take()).toEqual([]);

    // Past the end: the last page, and which it is.
    const last = Math.ceil(all.length / 50) - 1;
    const beyond = await page('', last + 5, false);
    expect(beyond.page).toBe(last);
    expect(names(beyond.rows)).toEqual(names(all.slice(last * 50)));
  });

  it("filters with the server's search, kept too: paging through it costs no call", async () => {
    take();
    const raw = (await b.raw('GET', `${CATALOGUE}-includes-coin`)).value as Currency[];
    const found = await page('coin', 0, true);
    expect(found.total).toBe(raw.length);
    expect(names(found.rows)).toEqual(names(raw.slice(0, 50)));
    expect(take().map((s) => s.path)).toEqual([`${CATALOGUE}-includes-coin`]);
    await page('coin', 1, false);
    await page('coin', 0, false);
    expect(take()).toEqual([]);
  });

  if (kind === 'reference server') {
    it('revalidates with the ETag: 200 with an ETag (gzip), then 304 and the same list', async () => {
      await core.dispatch('session.signOut', undefined);
      await signedIn(core, 'reviewer2');
      take();
      const opened = await page('', 0, true);
      const [full] = take();
      expect(full).toMatchObject({ status: 200, ifNoneMatch: null, encoding: 'gzip' });
      expect(full!.acceptEncoding).toContain('gzip');
      expect(full!.etag).toMatch(/^"cat-/);

      const reopened = await page('', 0, true);
      const [revalidated] = take();
      expect(revalidated).toMatchObject({ status: 304, ifNoneMatch: full!.etag });
      expect(reopened).toEqual(opened);
    });

    it('a write through core drops the list: the next page reads it again, changed', async () => {
      take();
      await page('', 0, true);
      const before = take().at(-1)!.etag;
      expect(before).toMatch(/^"cat-/);
      const target = all[0]!;
      const written = await core.dispatch('currencies.updateCurrency', {
        currency: target.currency ?? '',
        name: 'Renamed By The Catalogue Test',
        uniqueName: target.uniqueName ?? '',
        active: 'true',
        searchWithCurrency: 'false',
        tags: [],
        unwantedUsages: [],
      });
      expect(written.ok).toBe(true);
      // A page turn, not a reopen: still read again, without a tag, and the rename shows.
      const after = await page('', 0, false);
      const [read] = take();
      expect(read).toMatchObject({ status: 200, ifNoneMatch: null });
      expect(read!.etag).not.toBe(before);
      expect(after.rows[0]!.name).toBe('Renamed By The Catalogue Test');
      // The server's version moved on with the write: the old tag is not answered 304.
      const raw = await fetch(`${b.url}${CATALOGUE}`, {
        headers: {
          authorization: `Bearer ${core.session.accessToken()}`,
          'if-none-match': before!,
        },
      });
      expect(raw.status).toBe(200);
    });
  } else {
    it('a provider without ETag or gzip: every open reads the whole list, as before', async () => {
      take();
      const opened = await page('', 0, true);
      const reopened = await page('', 0, true);
      const sent = take();
      expect(sent).toHaveLength(2);
      for (const s of sent) expect(s).toMatchObject({ status: 200, ifNoneMatch: null, etag: null });
      expect(reopened).toEqual(opened);
    });
  }

  it('drops the list at sign-out: the next session reads it again', async () => {
    await page('', 0, true);
    await core.dispatch('session.signOut', undefined);
    const refused = await core.dispatch('currencies.cataloguePage', {
      contains: '',
      page: 1,
      fresh: false,
    });
    expect(refused.ok).toBe(false);
    await signedIn(core, 'reviewer2');
    take();
    await page('', 1, false);
    const [read] = take();
    expect(read).toMatchObject({ status: 200, ifNoneMatch: null });
  });
});
