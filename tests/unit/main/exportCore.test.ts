import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../../src/main/core/createCore';
import type { SaveFilesPort } from '../../../src/main/core/desktop/desktopPorts';
import type { BridgeChannel, PayloadOf, ResultOf } from '../../../src/shared/bridge';
import type { ExportStartPayload, ExportView } from '../../../src/shared/export';
import { callerOf, coreFor, signedIn } from '../../support/coreBackends';
import { followEvents } from '../../support/coreEvents';
import { fault, startFaultProxy, type FaultProxy } from '../../support/faultProxy';
import { addBulkTweets, bulkFilter } from '../../support/runHarness';
import { startSpecProvider, type SpecProvider } from '../../support/specProvider';
import type { Tweet } from '../../support/specProvider/types';

/**
 * Export… in core (docs/user-guide.md, A reviewer's shift) against the spec provider (SPEC.md 7's
 * calls only), through a proxy whose faults the tests switch: 5,000 review items paged through the
 * filter into a CSV that a parser reads back equal, formulas neutralised, JSON that parses back
 * equal, Cancel and a failure mid-way leaving no file (and no temporary one), and the sources'
 * rules.
 */

vi.setConfig({ testTimeout: 60_000 });

const FILTER = '/twitter-service/filter';
const COUNT = '/twitter-service/filter-count';

let provider: SpecProvider | null = null;
let proxy: FaultProxy | null = null;
const cores: Core[] = [];

afterEach(async () => {
  for (const core of cores.splice(0)) {
    core.runs.halt();
    await core.journals.closeAll();
  }
  await proxy?.close();
  await provider?.close();
  proxy = null;
  provider = null;
});

/** Messages a spreadsheet would run as formulas, and some that only look alike. */
const RISKY = ['=HYPERLINK("http://x.example","go")', '+1+1', '-2+3', '@SUM(A1)', '\tTAB', '1=1'];

interface ExportCore {
  core: Core;
  folder: string;
  call<C extends BridgeChannel>(channel: C, payload?: PayloadOf<C>): Promise<ResultOf<C>>;
  start(payload: ExportStartPayload): Promise<ExportView>;
  events: ExportView[];
  waitFor(id: string, done: (view: ExportView) => boolean): Promise<ExportView>;
}

async function setUp(
  options: { count?: number; files?: (folder: string) => SaveFilesPort } = {},
): Promise<{ c: ExportCore; bulk: Tweet[] }> {
  provider = await startSpecProvider();
  const bulk = addBulkTweets(provider, options.count ?? 5000);
  bulk.forEach((tweet, i) => {
    if (i % 50 === 0) tweet.message = `${RISKY[(i / 50) % RISKY.length]} bulkspam #${i}`;
  });
  proxy = await startFaultProxy(provider.url);
  const folder = mkdtempSync(join(tmpdir(), 'dqc-export-test-'));
  const core = coreFor(proxy.url, {
    exportDir: folder,
    ...(options.files ? { files: options.files(folder) } : {}),
  });
  cores.push(core);
  await signedIn(core, 'reviewer1');
  const events: ExportView[] = [];
  const exports = followEvents<ExportView>(core, (event) => {
    if (event.type !== 'export.changed') return null;
    events.push(event.export);
    return { id: event.export.id, value: event.export };
  });
  const call = callerOf(core);
  const c: ExportCore = {
    core,
    folder,
    call,
    start: (payload) => call('export.start', payload),
    events,
    waitFor: (id, done) => exports.waitFor(id, done),
  };
  return { c, bulk };
}

const reviewSource = { kind: 'review', filterType: 'tweets', filter: bulkFilter } as const;
const COLUMNS = [
  { key: 'id', title: 'Id' },
  { key: 'tweetId', title: 'Tweet id' },
  { key: 'message', title: 'Message' },
  { key: 'selected', title: 'Selected' },
  { key: 'nlpDecisionRatio', title: 'NLP ratio' },
  { key: 'detectedKeyword', title: 'Keywords' },
  { key: 'reviewedBy', title: 'Reviewed by' },
];

const FORMULA_START = /^[=+\-@\t\r]/;
const neutralised = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
const finished = (view: ExportView) => view.status !== 'running';

/** The filter pages the provider was asked for, by page number. */
const filterPages = () =>
  provider!.seen
    .filter((r) => r.path === FILTER)
    .map((r) => (JSON.parse(r.body) as { startIndex: number }).startIndex);

const filterCalls = ({ path }: { path: string }) => path === FILTER;

/** The first `pages` filter calls pass; the ones after are held at the proxy until released. */
function holdAfter(pages: number) {
  proxy!.set(fault.none(), { when: filterCalls, times: pages });
  proxy!.add(fault.hold(), { when: filterCalls });
}

/** Files in the folder, temporary ones included (they start with a dot). */
const filesIn = (folder: string) => readdirSync(folder);

describe('exporting 5,000 review items', () => {
  it('pages the filter and writes a CSV that a parser reads back equal, formulas neutralised', async () => {
    const { c, bulk } = await setUp();
    const started = await c.start({
      source: reviewSource,
      format: 'csv',
      columns: COLUMNS,
      fileName: 'review-tweets',
    });
    expect(started.status).toBe('running');
    expect(started.fileName).toMatch(/^review-tweets-\d{4}-\d{2}-\d{2}\.csv$/);
    const done = await c.waitFor(started.id, finished);
    expect(done).toMatchObject({ status: 'done', written: 5000, total: 5000, message: null });

    // The count first, then each of the 250 pages of 20 once, in order, and nothing more.
    expect(provider!.seen.findIndex((r) => r.path === COUNT)).toBeLessThan(
      provider!.seen.findIndex((r) => r.path === FILTER),
    );
    expect(filterPages()).toEqual(Array.from({ length: 250 }, (_, page) => page));

    const bytes = readFileSync(done.savedTo!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.includes('\r\n')).toBe(true);
    const records = parse(text, { bom: true }) as string[][];
    expect(records[0]).toEqual(COLUMNS.map((column) => column.title));
    const rows = records.slice(1);
    expect(rows).toHaveLength(5000);
    const byId = new Map(rows.map((row) => [row[0], row]));
    expect(byId.size).toBe(5000);
    for (const tweet of bulk) {
      expect(byId.get(String(tweet.id))).toEqual([
        String(tweet.id),
        String(tweet.tweetId),
        neutralised(tweet.message ?? ''),
        String(tweet.selected),
        String(tweet.nlpDecisionRatio),
        JSON.stringify(tweet.detectedKeyword),
        '',
      ]);
    }
    // No cell starts a formula: each risky message is behind a quote, a harmless one is as it was.
    const messages = rows.map((row) => row[2]!);
    expect(messages.filter((m) => FORMULA_START.test(m))).toEqual([]);
    expect(messages).toContain(`'=HYPERLINK("http://x.example","go") bulkspam #0`);
    expect(messages).toContain('1=1 bulkspam #250');
    // Only the file itself is left in the folder: no temporary file, no scratch file.
    expect(filesIn(c.folder)).toEqual(
      [done.fileName.replace(/^/, '')].map(() => expect.any(String)),
    );
    expect(filesIn(c.folder).every((name) => !name.startsWith('.'))).toBe(true);
  });

  it('tells its progress at most four times a second, and every change of status', async () => {
    const { c } = await setUp({ count: 2000 });
    proxy!.set(fault.latency(5), { when: ({ path }) => path === FILTER });
    const started = await c.start({
      source: reviewSource,
      format: 'csv',
      columns: COLUMNS,
      fileName: 'review-tweets',
    });
    const times: number[] = [];
    const unsubscribe = c.core.onEvent((event) => {
      if (event.type === 'export.changed' && event.export.status === 'running')
        times.push(Date.now());
    });
    await c.waitFor(started.id, finished);
    unsubscribe();
    const mine = c.events.filter((view) => view.id === started.id);
    expect(mine.at(-1)).toMatchObject({ status: 'done', written: 2000 });
    expect(mine.map((view) => view.written)).toEqual(
      [...mine.map((view) => view.written)].sort((a, b) => a - b),
    );
    for (let i = 1; i < times.length; i += 1)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(240);
  });

  it('stops on Cancel, leaving nothing under the chosen name and no temporary file', async () => {
    // Ten pages pass, the eleventh is held at the proxy: Cancel must not wait for the provider.
    const chosen: string[] = [];
    const { c } = await setUp({
      files: (folder) => ({
        choosePath: async (name, extension) => {
          chosen.push(`${name} ${extension}`);
          return join(folder, 'chosen.csv');
        },
      }),
    });
    holdAfter(10);
    const started = await c.start({
      source: reviewSource,
      format: 'csv',
      columns: COLUMNS,
      fileName: 'review-tweets',
    });
    expect(chosen).toEqual([expect.stringMatching(/^review-tweets-\d{4}-\d{2}-\d{2}\.csv csv$/)]);
    expect(started.fileName).toBe('chosen.csv');
    await c.waitFor(started.id, (view) => view.written === 200);
    await vi.waitFor(() => expect(proxy!.log.some((r) => r.applied === 'hold')).toBe(true));
    // Mid-way, the partial file is there under its temporary name only.
    expect(filesIn(c.folder)).toEqual([expect.stringMatching(/^\.chosen\.csv\.part-[0-9a-f]+$/)]);

    const cancelled = await c.call('export.cancel', { id: started.id });
    expect(cancelled).toMatchObject({ status: 'cancelled', savedTo: null, downloadUrl: null });
    expect(cancelled.message).toBe('The export was cancelled: no file was saved.');
    expect(filesIn(c.folder)).toEqual([]);

    // The held page arrives after the answer: nothing is written with it.
    const pagesBefore = filterPages().length;
    proxy!.set(fault.none());
    proxy!.releaseHeld();
    await vi.waitFor(() => expect(provider!.load.inFlight).toBe(0));
    await c.call('review.count', { filterType: 'tweets', ...bulkFilter });
    expect(filesIn(c.folder)).toEqual([]);
    expect(filterPages().length).toBe(pagesBefore + 1);
    expect(c.events.filter((v) => v.id === started.id).at(-1)?.status).toBe('cancelled');
  });

  it('leaves a file the user chose untouched when the export fails mid-way', async () => {
    const { c } = await setUp({
      count: 1000,
      files: (folder) => ({ choosePath: async () => join(folder, 'kept.csv') }),
    });
    writeFileSync(join(c.folder, 'kept.csv'), 'what was there before');
    proxy!.set(fault.none(), { when: filterCalls, times: 5 });
    proxy!.add(fault.status(500, 'boom'), { when: filterCalls });
    const started = await c.start({
      source: reviewSource,
      format: 'csv',
      columns: COLUMNS,
      fileName: 'review-tweets',
    });
    const failed = await c.waitFor(started.id, finished);
    expect(failed).toMatchObject({
      status: 'failed',
      written: 100,
      message: 'The provider answered 500: boom',
    });
    expect(filesIn(c.folder)).toEqual(['kept.csv']);
    expect(readFileSync(join(c.folder, 'kept.csv'), 'utf8')).toBe('what was there before');
  });

  it('fails with the session message when the session ends, leaving nothing', async () => {
    const { c } = await setUp({ count: 1000 });
    holdAfter(2);
    const started = await c.start({
      source: reviewSource,
      format: 'json',
      columns: null,
      fileName: 'review-tweets',
    });
    await vi.waitFor(() => expect(proxy!.log.some((r) => r.applied === 'hold')).toBe(true));
    await c.call('session.signOut');
    proxy!.set(fault.none());
    proxy!.releaseHeld();
    const failed = await c.waitFor(started.id, finished);
    expect(failed).toMatchObject({ status: 'failed', message: 'You are not signed in.' });
    expect(filesIn(c.folder)).toEqual([]);
  });
});

describe('other formats and sources', () => {
  it('writes JSON that parses back equal to what the provider sent', async () => {
    const { c } = await setUp({ count: 300 });
    const started = await c.start({
      source: reviewSource,
      format: 'json',
      columns: null,
      fileName: 'review-tweets',
    });
    const done = await c.waitFor(started.id, finished);
    expect(done).toMatchObject({ status: 'done', written: 300, total: 300 });
    const sent = [];
    for (let page = 0; page < 15; page += 1)
      sent.push(
        ...(await c.call('review.filter', {
          filterType: 'tweets',
          ...bulkFilter,
          startIndex: page,
        })),
      );
    expect(JSON.parse(readFileSync(done.savedTo!, 'utf8'))).toEqual(sent);
  });

  it('writes the chosen columns of JSON by key, a missing one as null', async () => {
    const { c } = await setUp({ count: 0 });
    const started = await c.start({
      source: { kind: 'rows', rows: [{ a: 1, nested: { b: '=x' } }, { a: 2 }] },
      format: 'json',
      columns: [
        { key: 'a', title: 'A' },
        { key: 'nested.b', title: 'B' },
      ],
      fileName: 'rows',
    });
    const done = await c.waitFor(started.id, finished);
    expect(JSON.parse(readFileSync(done.savedTo!, 'utf8'))).toEqual([
      { a: 1, 'nested.b': '=x' },
      { a: 2, 'nested.b': null },
    ]);
  });

  it("'rows' with columns null writes every field in first-seen order", async () => {
    const { c } = await setUp({ count: 0 });
    const rows = [
      { name: 'Bitcoin', rank: 1, active: true },
      { rank: -2, name: '-Ether', tags: ['l1', 'pow'] },
      { name: 'Thing', extra: { deep: 'x' }, active: false, missing: null },
    ];
    const started = await c.start({
      source: { kind: 'rows', rows },
      format: 'csv',
      columns: null,
      fileName: 'list',
    });
    const done = await c.waitFor(started.id, finished);
    expect(done).toMatchObject({ status: 'done', written: 3, total: 3 });
    const text = readFileSync(done.savedTo!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(parse(text, { bom: true })).toEqual([
      ['name', 'rank', 'active', 'tags', 'extra', 'missing'],
      ['Bitcoin', '1', 'true', '', '', ''],
      ["'-Ether", '-2', '', '["l1","pow"]', '', ''],
      ['Thing', '', 'false', '', '{"deep":"x"}', ''],
    ]);
  });

  it('writes the header alone when there is nothing to export', async () => {
    const { c } = await setUp({ count: 0 });
    const started = await c.start({
      source: { kind: 'rows', rows: [] },
      format: 'csv',
      columns: [{ key: 'a', title: 'A' }],
      fileName: 'empty',
    });
    const done = await c.waitFor(started.id, finished);
    expect(readFileSync(done.savedTo!, 'utf8')).toBe('\uFEFFA\r\n');
  });

  it("pages a provider list with 'pages' until its total", async () => {
    const { c } = await setUp({ count: 0 });
    const total = await c.call('currencies.countNewCurrencies', {});
    const started = await c.start({
      source: {
        kind: 'pages',
        channel: 'currencies.getNewCurrencies',
        payload: {},
        pageField: 'startIndex',
        total,
      },
      format: 'json',
      columns: null,
      fileName: 'new-currencies',
    });
    const done = await c.waitFor(started.id, finished);
    expect(done).toMatchObject({ status: 'done', written: total, total });
    const sent = [];
    for (let page = 0; sent.length < total; page += 1)
      sent.push(...(await c.call('currencies.getNewCurrencies', { startIndex: page })));
    expect(JSON.parse(readFileSync(done.savedTo!, 'utf8'))).toEqual(sent);
  });

  it("refuses a 'pages' source that writes, is local, is unknown or has a bad filter", async () => {
    const { c } = await setUp({ count: 0 });
    const refusal = async (channel: string, payload: Record<string, unknown> = {}) => {
      const envelope = await c.core.dispatch('export.start', {
        source: { kind: 'pages', channel, payload, pageField: 'startIndex', total: 10 },
        format: 'csv',
        columns: null,
        fileName: 'x',
      });
      return envelope.ok ? null : envelope.error;
    };
    expect(await refusal('currencies.saveNewCurrency')).toMatchObject({
      status: 400,
      message:
        'currencies.saveNewCurrency writes to the provider: only a list that reads can be exported.',
    });
    expect(await refusal('accounts.deleteCoinAccount')).toMatchObject({ status: 400 });
    expect(await refusal('export.start')).toMatchObject({ status: 400 });
    expect(await refusal('nothing.here')).toMatchObject({
      status: 400,
      message: 'There is no channel nothing.here to export.',
    });
    expect(await refusal('currencies.getNewCurrencies', { currencyId: 'x' })).toMatchObject({
      status: 400,
    });
    // Nothing was sent to the provider, nothing written.
    expect(provider!.seen.filter((r) => r.method !== 'POST' || r.path !== '/sign-in')).toEqual([]);
    expect(filesIn(c.folder)).toEqual([]);
  });

  it('writes nothing when the user dismisses the save dialog', async () => {
    const { c } = await setUp({ count: 100, files: () => ({ choosePath: async () => null }) });
    const view = await c.start({
      source: reviewSource,
      format: 'csv',
      columns: null,
      fileName: 'x',
    });
    expect(view).toMatchObject({
      status: 'cancelled',
      message: 'No file was chosen.',
      savedTo: null,
    });
    expect(provider!.seen.filter((r) => r.path === FILTER || r.path === COUNT)).toEqual([]);
    expect(filesIn(c.folder)).toEqual([]);
  });

  it('offers the finished file for download in browser mode', async () => {
    const offered: [string, string][] = [];
    const { c } = await setUp({
      count: 30,
      files: () => ({
        offerDownload: (path, fileName) => {
          offered.push([path, fileName]);
          return '/downloads/abc';
        },
      }),
    });
    const started = await c.start({
      source: reviewSource,
      format: 'csv',
      columns: COLUMNS,
      fileName: 'r',
    });
    const done = await c.waitFor(started.id, finished);
    expect(done).toMatchObject({ status: 'done', downloadUrl: '/downloads/abc', savedTo: null });
    expect(offered).toHaveLength(1);
    expect(offered[0]![1]).toBe(done.fileName);
    expect(readFileSync(offered[0]![0], 'utf8')).toContain('Tweet id');
  });

  it('runs several exports at once, and refuses to cancel one it does not know', async () => {
    const { c } = await setUp({ count: 400 });
    const views = await Promise.all(
      (['csv', 'json', 'csv'] as const).map((format) =>
        c.start({ source: reviewSource, format, columns: COLUMNS, fileName: 'review-tweets' }),
      ),
    );
    const done = await Promise.all(views.map((view) => c.waitFor(view.id, finished)));
    expect(done.map((view) => [view.status, view.written])).toEqual([
      ['done', 400],
      ['done', 400],
      ['done', 400],
    ]);
    expect(new Set(done.map((view) => view.savedTo)).size).toBe(3);
    done.forEach((view) => expect(existsSync(view.savedTo!)).toBe(true));
    const unknown = await c.core.dispatch('export.cancel', { id: 'nope' });
    expect(unknown).toMatchObject({
      ok: false,
      error: { status: 404, message: 'There is no such export.' },
    });
  });
});
