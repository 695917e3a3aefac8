/**
 * `npm run bench -- journal`: why the user's journal is JSON Lines files with an index in memory
 * (src/main/core/journal) rather than PGlite, which the app already carries. The same entries,
 * on the same machine, in the same run, each store doing the same work: appends one at a time,
 * each awaited (as core records its writes); a cold open on 100,000 entries, to the first query
 * answered, in a process of its own, with its resident memory; a newest-first page of 50 under
 * a filter, and an item's history, with the count of all matches (the Journal screen's query);
 * the bytes on disk. Every figure is the JSON Lines store, with PGlite as its floor, judged on
 * their ratio with a target of 1: a miss is where PGlite does better, and says to look at the
 * choice again. It measures; it never fails a run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { openJournal, type JournalStore } from '../../../src/main/core/journal/journalStore';
import { scrubEntry } from '../../../src/main/core/journal/scrubEntry';
import {
  JOURNAL_AREAS,
  journalQuerySchema,
  type JournalEntry,
  type JournalOutcome,
  type NewJournalEntry,
} from '../../../src/shared/journal';
import { spread, type Figure, type Judge, type Unit } from '../lib/figures';
import { alternate, timed } from '../lib/measure';
import { runScenario } from '../lib/scenario';

const SCENARIO = 'journal';
const APPENDS = 5_000;
const STORED = 100_000;
const QUERIES = 200;
const OPENINGS = 5;
const RETENTION_DAYS = 90;
const DAY = 24 * 60 * 60 * 1000;
/** When the bench's history ends: the 100,000 entries span the 58 days before it. */
const NOW = Date.now();
const TARGETS = 20_000;

type Store = 'jsonl' | 'pglite';

/**
 * Entry i of a user's history, the same in both stores: mostly review decisions on 20,000
 * items (a few entries each), some reference-data writes, one in twenty failed, half in runs.
 */
function benchEntry(i: number): NewJournalEntry {
  const area = JOURNAL_AREAS[i % 3 === 0 ? (i / 3) % JOURNAL_AREAS.length : 0]!;
  const outcome: JournalOutcome = i % 20 === 0 ? 'failed' : i % 97 === 0 ? 'skipped' : 'ok';
  const review = area === 'review';
  return {
    at: new Date(NOW - (STORED - i) * 50_000).toISOString(),
    channel: review ? 'review.manualChange' : `${area}.save`,
    call: review ? 'PUT /twitter-service/manually-eliminate' : `POST /${area}-service/save`,
    area,
    target: review ? `tweet ${(i * 7919) % TARGETS}` : `${area} ${i % 500}`,
    summary: review ? 'manually-eliminate' : `saved ${area} ${i % 500}`,
    before: review ? { state: 'ACCEPTED', classification: 'IMPORTANT', reviewed: false } : null,
    outcome,
    status: outcome === 'ok' ? 200 : outcome === 'failed' ? 500 : null,
    message:
      outcome === 'failed'
        ? 'Request failed with status code 500'
        : outcome === 'skipped'
          ? 'cancelled'
          : null,
    runId: i % 2000 < 1000 ? `run-${Math.floor(i / 2000)}` : null,
  };
}

type PageFilter = { area: string; outcome: string } | { target: string };

/** The same store in PGlite, as the brief for the choice had it. */
class PgliteJournal {
  #seq = 0;
  constructor(readonly pg: PGlite) {}

  static async open(dir: string): Promise<PgliteJournal> {
    const pg = await PGlite.create(dir);
    await pg.exec(`
      CREATE TABLE IF NOT EXISTS journal (
        seq bigint PRIMARY KEY, at timestamptz NOT NULL, area text NOT NULL,
        outcome text NOT NULL, run_id text, target text, body jsonb NOT NULL);
      CREATE INDEX IF NOT EXISTS journal_at ON journal (at);
      CREATE INDEX IF NOT EXISTS journal_run ON journal (run_id);
      CREATE INDEX IF NOT EXISTS journal_target ON journal (target);`);
    const journal = new PgliteJournal(pg);
    const last = await pg.query<{ seq: number | null }>('SELECT max(seq)::int AS seq FROM journal');
    journal.#seq = last.rows[0]?.seq ?? 0;
    return journal;
  }

  /** What the JSON Lines store does on append, scrubbing included. */
  async append(entry: NewJournalEntry): Promise<JournalEntry> {
    const stored: JournalEntry = { seq: ++this.#seq, ...scrubEntry(entry) };
    await this.pg.query(
      'INSERT INTO journal (seq, at, area, outcome, run_id, target, body) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [
        stored.seq,
        stored.at,
        stored.area,
        stored.outcome,
        stored.runId,
        stored.target,
        JSON.stringify(stored),
      ],
    );
    return stored;
  }

  /** Many entries in one statement: only to fill the store, never timed. */
  async fill(entries: NewJournalEntry[]): Promise<void> {
    const stored = entries.map((e) => ({ seq: ++this.#seq, ...scrubEntry(e) }));
    await this.pg.query(
      `INSERT INTO journal (seq, at, area, outcome, run_id, target, body)
       SELECT (e->>'seq')::bigint, (e->>'at')::timestamptz, e->>'area', e->>'outcome',
              e->>'runId', e->>'target', e
       FROM jsonb_array_elements($1::jsonb) AS e`,
      [JSON.stringify(stored)],
    );
  }

  /** The Journal screen's query: one page newest first, with the count of every match. */
  async page(filter: PageFilter) {
    const since = new Date(Date.now() - RETENTION_DAYS * DAY).toISOString();
    const [where, params] =
      'target' in filter
        ? ['target = $2', [since, filter.target]]
        : ['area = $2 AND outcome = $3', [since, filter.area, filter.outcome]];
    const { rows } = await this.pg.query<{ body: JournalEntry; total: number }>(
      `SELECT body, (count(*) OVER ())::int AS total FROM journal
       WHERE at >= $1 AND ${where} ORDER BY seq DESC LIMIT 50`,
      params,
    );
    return { entries: rows.map((r) => r.body), total: rows[0]?.total ?? 0 };
  }
}

const areaFilter = (round: number): PageFilter => ({
  area: JOURNAL_AREAS[round % JOURNAL_AREAS.length]!,
  outcome: round % 2 ? 'failed' : 'ok',
});
const targetFilter = (round: number): PageFilter => ({
  target: `tweet ${(round * 3571) % TARGETS}`,
});

function folderBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .reduce((sum, d) => sum + statSync(join(d.parentPath, d.name)).size, 0);
}

const MB = 2 ** 20;

/** Lets whatever a store left on the event loop run before the other store's clock starts. */
const settle = () => new Promise((done) => setTimeout(done, 20));

/**
 * Appends in blocks of 250, the stores taking turns (and turns at going first). Taking turns one
 * append at a time, the JSON Lines p95 came out at 2 ms against 0.15 ms for the same appends
 * alone: work a PGlite insert leaves behind (its garbage, at least) ran in the next append's await.
 */
async function appendTimes(jsonl: JournalStore, pglite: PgliteJournal) {
  const samples = { figure: [] as number[], floor: [] as number[] };
  const block = 250;
  for (let start = 0; start < APPENDS; start += block) {
    const order =
      (start / block) % 2 ? (['floor', 'figure'] as const) : (['figure', 'floor'] as const);
    for (const which of order) {
      await settle();
      for (let i = start; i < start + block; i++) {
        const entry = benchEntry(i);
        samples[which].push(
          await timed(() => (which === 'figure' ? jsonl.append(entry) : pglite.append(entry))),
        );
      }
    }
  }
  return samples;
}

// ---- A cold open, in a process of its own: `journal.ts open <store> <folder>` ----

interface OpenProbe {
  ms: number;
  rssMB: number;
}

async function probeOpen(store: Store, dir: string): Promise<void> {
  // Both stores' modules are loaded already (imported above): the clock times the opening.
  global.gc?.();
  const rss = process.memoryUsage().rss;
  const start = performance.now();
  let close: () => Promise<void>;
  if (store === 'jsonl') {
    const journal = await openJournal({ folder: dir, retentionDays: RETENTION_DAYS });
    journal.list(journalQuerySchema.parse(areaFilter(1)));
    close = () => journal.close();
  } else {
    const journal = await PGlite.create(dir);
    await new PgliteJournal(journal).page(areaFilter(1));
    close = () => journal.close();
  }
  const ms = performance.now() - start;
  global.gc?.();
  const probe: OpenProbe = { ms, rssMB: (process.memoryUsage().rss - rss) / MB };
  console.log(JSON.stringify(probe));
  await close();
}

function openInOwnProcess(store: Store, dir: string): Promise<OpenProbe> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', __filename, 'open', store, dir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '') as OpenProbe);
      } catch {
        reject(new Error(`the ${store} open probe exited with ${code}: ${out.slice(-300)}`));
      }
    }),
  );
}

// ---- The comparison ----

function compared(
  name: string,
  unit: Unit,
  samples: { figure: number[]; floor: number[] },
  judge: Judge,
  note?: string,
): Figure {
  return {
    scenario: SCENARIO,
    name,
    unit,
    value: spread(samples.figure),
    floor: { name: 'PGlite, same work', value: spread(samples.floor) },
    judge,
    // The choice holds while the JSON Lines store does the same work no worse than PGlite.
    target: 1,
    ...(note ? { note } : {}),
  };
}

async function measure(notes: string[]): Promise<Figure[]> {
  const root = mkdtempSync(join(tmpdir(), 'dqc-bench-journal-'));
  const jsonlDir = join(root, 'jsonl');
  const pgDir = join(root, 'pglite');
  try {
    let jsonl: JournalStore = await openJournal({
      folder: jsonlDir,
      retentionDays: RETENTION_DAYS,
    });
    let pglite = await PgliteJournal.open(pgDir);
    await pglite.pg.exec('CHECKPOINT');
    const emptyPgBytes = folderBytes(pgDir);

    const appends = await appendTimes(jsonl, pglite);

    const fillStart = performance.now();
    for (let i = APPENDS; i < STORED; i++) await jsonl.append(benchEntry(i));
    const jsonlFillSeconds = (performance.now() - fillStart) / 1000;
    for (let i = APPENDS; i < STORED; i += 5_000)
      await pglite.fill(Array.from({ length: 5_000 }, (_, k) => benchEntry(i + k)));
    await jsonl.close();
    await pglite.pg.exec('CHECKPOINT');
    await pglite.pg.close();
    const bytes = { figure: [folderBytes(jsonlDir) / MB], floor: [folderBytes(pgDir) / MB] };
    notes.push(
      `${STORED.toLocaleString('en')} entries (${APPENDS} appended one at a time in each store, the rest filled; the JSON Lines store took ${jsonlFillSeconds.toFixed(1)} s for ${(STORED - APPENDS).toLocaleString('en')} awaited appends). PGlite's data folder held ${(emptyPgBytes / MB).toFixed(1)} MB with the empty table, before any entry.`,
    );

    const rss = { figure: [] as number[], floor: [] as number[] };
    const opens = await alternate(
      OPENINGS,
      async () => {
        const probe = await openInOwnProcess('jsonl', jsonlDir);
        rss.figure.push(probe.rssMB);
        return probe.ms;
      },
      async () => {
        const probe = await openInOwnProcess('pglite', pgDir);
        rss.floor.push(probe.rssMB);
        return probe.ms;
      },
      0,
    );

    jsonl = await openJournal({ folder: jsonlDir, retentionDays: RETENTION_DAYS });
    pglite = await PgliteJournal.open(pgDir);
    const totals = { jsonl: 0, pglite: 0 };
    // Queries are checked before they reach core's store (the bridge does it): not timed here.
    const compare = (filter: (round: number) => PageFilter) => {
      const checked = Array.from({ length: QUERIES + 3 }, (_, r) =>
        journalQuerySchema.parse(filter(r)),
      );
      return alternate(
        QUERIES,
        (r) =>
          timed(async () => {
            totals.jsonl += jsonl.list(checked[r]!).total;
          }),
        (r) =>
          timed(async () => {
            totals.pglite += (await pglite.page(filter(r))).total;
          }),
      );
    };
    const byArea = await compare(areaFilter);
    const byTarget = await compare(targetFilter);
    // Both answered the same queries alike, or the comparison would mean nothing.
    if (totals.jsonl !== totals.pglite)
      throw new Error(`The stores disagree: ${totals.jsonl} and ${totals.pglite} entries found.`);
    await jsonl.close();
    await pglite.pg.close();

    return [
      compared('Journal append, one at a time, awaited', 'ms', appends, 'p95 ratio'),
      compared(
        'Journal cold open on 100,000 entries to the first page answered (own process)',
        'ms',
        opens,
        'p95 ratio',
      ),
      compared(
        'Journal resident memory after that open (RSS growth)',
        'MB',
        rss,
        'p50 ratio',
        'process.memoryUsage().rss after the open and a GC, less before it',
      ),
      compared(
        'Journal page of 50, newest first, area + outcome, with the total',
        'ms',
        byArea,
        'p95 ratio',
      ),
      compared(
        "Journal page of 50, newest first, one item's history (target)",
        'ms',
        byTarget,
        'p95 ratio',
      ),
      compared('Journal on disk, 100,000 entries', 'MB', bytes, 'p50 ratio'),
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'open') void probeOpen(process.argv[3] as Store, process.argv[4]!);
else runScenario(SCENARIO, measure);
