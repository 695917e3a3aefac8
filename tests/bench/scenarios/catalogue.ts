/**
 * `npm run bench -- catalogue`: the Crypto Currency list on a catalogue of 20,000
 * currencies (BENCH_CURRENCIES) with websites, socials and trading pairs, in Chromium on browser
 * mode: opening the screen to its first page painted, a filter keystroke to its rows painted, the
 * answer's size, and where the time goes without the page. It measures; it never fails a run.
 */
import { gzipSync } from 'node:zlib';
import type { Envelope } from '../../../src/shared/bridge';
import type { Currency } from '../../../src/shared/api/records';
import { currencyCalls } from '../../../src/shared/api/configuration';
import { CURRENCY_PAGE_SIZE } from '../../../src/shared/constants';
import { spread, type Figure } from '../lib/figures';
import { alternate, sideBySide, timed } from '../lib/measure';
import { runScenario } from '../lib/scenario';
import { parkOnAbout, startCatalogueBench, type CatalogueBench } from '../catalogue/catalogueSetup';
import { navigateAndTime, pressAndTime } from '../lib/pageProbe';

const SCENARIO = 'catalogue';
const CURRENCIES = Number(process.env.BENCH_CURRENCIES ?? 20_000);
const ROUNDS = 20;
const CATALOGUE_PATH = '/configuration-service/dqc/get-currencies';
/** Names a user looks for; each gives a different first row, so every filter changes the rows. */
const NAME_QUERIES = ['bitcoin', 'ether', 'solana', 'doge', 'polka', 'chainlink'];
/** Searches that match thousands of invented names ("… Coin", "… Token"). */
const BROAD_QUERIES = ['coin', 'token'];

const header = (shown: number, total: number) => `You see ( 0 - ${shown} ) of ${total} results`;

async function dispatchOk<T>(pending: Promise<Envelope<unknown>>): Promise<T> {
  const envelope = await pending;
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  return envelope.data as T;
}

/**
 * (a) From the route change to the catalogue's first page painted with this round's answer. The
 * rows of the last visit stay in the list's state and are drawn at once, so each round first
 * renames the first currency: only the new answer can paint the name the figure waits for.
 * Floor: the server's own time for the same whole-catalogue call, in the same round.
 */
async function openFigures(bench: CatalogueBench): Promise<Figure[]> {
  const { page, server, clock } = bench;
  const [first] = await server.context.db.query<{ id: number; name: string }>(
    'SELECT id, name FROM currencies ORDER BY rank, id LIMIT 1',
  );
  const samples = { figure: [] as number[], floor: [] as number[] };
  for (let round = 0; round < 3 + ROUNDS; round++) {
    await parkOnAbout(page);
    const marker = `${first!.name} ${round}`;
    await server.context.db.query('UPDATE currencies SET name = $1 WHERE id = $2', [
      marker,
      first!.id,
    ]);
    clock.take(CATALOGUE_PATH);
    const painted = await navigateAndTime(page, '#/cryptoCurrency/get-currencies', {
      name: 'list',
      args: { header: header(CURRENCY_PAGE_SIZE, bench.seeded.currencies), firstRow: marker },
    });
    const served = clock.take(CATALOGUE_PATH).at(-1);
    if (round < 3 || served === undefined) continue;
    samples.figure.push(painted);
    samples.floor.push(served);
  }
  await server.context.db.query('UPDATE currencies SET name = $1 WHERE id = $2', [
    first!.name,
    first!.id,
  ]);
  const value = spread(samples.figure);
  const floor = { name: 'server time of get-currencies', value: spread(samples.floor) };
  const name = `Crypto Currency list: open to first page painted (${CURRENCIES} currencies)`;
  return [
    { scenario: SCENARIO, name, unit: 'ms', value, floor, judge: 'p95', target: 300 },
    {
      scenario: SCENARIO,
      name: `${name}, beyond the server's time`,
      unit: 'ms',
      value,
      floor,
      judge: 'p95 beyond floor',
      target: null,
    },
  ];
}

/** What a filter by `text` should paint: the header and the first row's unique name. */
async function expectedList(bench: CatalogueBench, text: string) {
  const rows = await dispatchOk<Currency[]>(
    bench.console.core.dispatch('currencies.getCurrenciesIncludes', { text }),
  );
  if (!rows[0]) throw new Error(`No currency contains "${text}": choose another query.`);
  return {
    header: header(Math.min(CURRENCY_PAGE_SIZE, rows.length), rows.length),
    firstRow: rows[0].uniqueName ?? '',
  };
}

/**
 * (b) A filter keystroke: this list filters when Enter is pressed in its box (or Filter clicked;
 * SPEC.md 2), with a call to get-currencies-includes-{text}. Timed from Enter's keydown to the new
 * rows painted, the queries taken in turn so that each changes the rows. Floor: a letter typed
 * into the same box, to the letter painted: what any keystroke costs this page (the form and its
 * draft) when nothing is filtered.
 */
async function filterFigures(
  bench: CatalogueBench,
  queries: string[],
  name: string,
  target: number | null,
  rounds: number,
): Promise<Figure> {
  const { page, clock } = bench;
  const box = page.getByRole('form', { name: 'Currency filter' }).getByLabel('Currency Contains');
  const expected = await Promise.all(queries.map((q) => expectedList(bench, q)));
  const served: number[] = [];
  const samples = await alternate(
    rounds,
    async (round) => {
      const i = round % queries.length;
      await box.fill(queries[i]!);
      await box.focus();
      const painted = await pressAndTime(page, 'Enter', { name: 'list', args: expected[i]! });
      served.push(...clock.take(`/get-currencies-includes-${queries[i]}`));
      return painted;
    },
    async (round) => {
      const text = queries[round % queries.length]!;
      await box.fill(text);
      await box.focus();
      return pressAndTime(page, 'x', {
        name: 'value',
        args: { selector: 'input[aria-label="Currency Contains"]', value: `${text}x` },
      });
    },
  );
  return {
    scenario: SCENARIO,
    name,
    unit: 'ms',
    value: spread(samples.figure),
    floor: { name: 'a letter typed, no filter', value: spread(samples.floor) },
    judge: 'p95',
    target,
    note: `server time of the filter call: p50 ${spread(served).p50.toFixed(1)} ms, p95 ${spread(served).p95.toFixed(1)} ms`,
  };
}

const kib = (bytes: number) => ({ n: 1, p50: bytes / 1024, p95: bytes / 1024, max: bytes / 1024 });

/** (c) What crosses the wire (the server does not compress) and what crosses the bridge. */
async function sizeFigures(bench: CatalogueBench): Promise<Figure[]> {
  const response = await fetch(`${bench.server.url}${CATALOGUE_PATH}`, { headers: bench.auth });
  const body = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding') ?? 'none';
  const envelope = await bench.console.core.dispatch('currencies.getCurrencies', {});
  const bridge = Buffer.byteLength(JSON.stringify({ kind: 'response', id: 1, envelope }));
  const size = (name: string, bytes: number, note?: string): Figure => ({
    scenario: SCENARIO,
    name,
    unit: 'KiB',
    value: kib(bytes),
    floor: null,
    judge: 'p50',
    target: null,
    ...(note ? { note } : {}),
  });
  return [
    size('get-currencies answer on the wire', body.length, `content-encoding: ${encoding}`),
    size('get-currencies answer if gzipped', gzipSync(body).length, 'the server sends it raw'),
    size('get-currencies answer across the bridge (one WebSocket message)', bridge),
  ];
}

/**
 * (d) Where the time goes without the page: core's whole call against a raw fetch of the same
 * server (the bytes and nothing else), then each step core and the bridge add, on one answer.
 */
async function stageFigures(bench: CatalogueBench): Promise<Figure[]> {
  const { core } = bench.console;
  const url = `${bench.server.url}${CATALOGUE_PATH}`;
  let text = '';
  const calls = await sideBySide(
    ROUNDS,
    () => dispatchOk(core.dispatch('currencies.getCurrencies', {})),
    async () => {
      text = await (await fetch(url, { headers: bench.auth })).text();
    },
  );
  const served = spread(bench.clock.take(CATALOGUE_PATH));
  const repeat = async (work: () => unknown) => {
    const samples: number[] = [];
    for (let i = 0; i < 3 + ROUNDS; i++) {
      const ms = await timed(async () => work());
      if (i >= 3) samples.push(ms);
    }
    return spread(samples);
  };
  let json: unknown = null;
  const parse = await repeat(() => (json = JSON.parse(text)));
  let read: unknown = null;
  const reading = await repeat(() => (read = currencyCalls.getCurrencies.answer.parse(json)));
  const bridge = await repeat(() =>
    JSON.stringify({ kind: 'response', id: 1, envelope: { ok: true, data: read } }),
  );
  const stage = (name: string, value: Figure['value']): Figure => ({
    scenario: SCENARIO,
    name,
    unit: 'ms',
    value,
    floor: null,
    judge: 'p95',
    target: null,
  });
  return [
    {
      scenario: SCENARIO,
      name: 'core.dispatch(currencies.getCurrencies), no page',
      unit: 'ms',
      value: spread(calls.figure),
      floor: { name: 'raw fetch of the same answer', value: spread(calls.floor) },
      judge: 'p50 ratio',
      target: null,
    },
    stage('  server time of get-currencies (query, rows to records, JSON)', served),
    stage('  core: JSON.parse of the answer', parse),
    stage('  core: lenient read of the records (answers.ts)', reading),
    stage('  bridge: JSON.stringify of the envelope', bridge),
  ];
}

runScenario(SCENARIO, async (notes) => {
  const bench = await startCatalogueBench(CURRENCIES);
  try {
    console.log(
      `catalogue: ${bench.seeded.currencies} currencies, ${bench.seeded.tradingPairs} trading pairs`,
    );
    const figures = [...(await sizeFigures(bench)), ...(await openFigures(bench))];
    figures.push(
      await filterFigures(
        bench,
        NAME_QUERIES,
        'Filter keystroke (Enter) to rows painted: a name',
        50,
        ROUNDS,
      ),
      await filterFigures(
        bench,
        BROAD_QUERIES,
        'Filter keystroke (Enter) to rows painted: "coin" / "token" (thousands of rows)',
        null,
        10,
      ),
    );
    figures.push(...(await stageFigures(bench)));
    notes.push(
      `${bench.seeded.currencies} currencies with ${bench.seeded.tradingPairs} trading pairs (the demo seed's own catalogue, grown with its catalogue option).`,
      'Why the list cannot open in 300 ms: SPEC.md 7 lists currencies with one whole-catalogue call (get-currencies), whose answer at 20,000 currencies is about 13 MB of JSON (1.3 MB gzipped; not compressed today); the server takes over a second to build it, and the text is then parsed in core, sent over the bridge and parsed again in the page, to show 50 rows. The provider would need a paged list as it already has for new currencies: get-currencies with startIndex (and a page size) plus a count call, filtered on the server; compression would shrink the transfer but not the parsing.',
      'The currency filter runs on Enter or the Filter button, as a server search (get-currencies-includes-{text}): its figure is a round trip and a render, not a keystroke in the page.',
    );
    return figures;
  } finally {
    await bench.close();
  }
});
