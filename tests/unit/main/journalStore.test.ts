import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  openJournal,
  type JournalOptions,
  type JournalStore,
} from '../../../src/main/core/journal/journalStore';
import {
  journalQuerySchema,
  type JournalQuery,
  type NewJournalEntry,
} from '../../../src/shared/journal';

// Spies on the file calls, to show that an append never reads and a query never touches the disk.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    open: vi.fn(actual.open),
    readFile: vi.fn(actual.readFile),
    readdir: vi.fn(actual.readdir),
    stat: vi.fn(actual.stat),
  };
});

const DAY = 24 * 60 * 60 * 1000;
const JWT =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJyZXZpZXdlcjEiLCJleHAiOjE3MDAwMDAwMDB9.c2lnbmF0dXJlLWJ5dGVz';

let folder: string;
const open: JournalStore[] = [];

beforeEach(() => {
  folder = join(mkdtempSync(join(tmpdir(), 'dqc-journal-test-')), 'journal');
  vi.clearAllMocks();
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((j) => j.close()));
  rmSync(join(folder, '..'), { recursive: true, force: true });
});

async function journal(options: Partial<JournalOptions> = {}): Promise<JournalStore> {
  const opened = await openJournal({ folder, retentionDays: 90, ...options });
  open.push(opened);
  return opened;
}

async function reopen(current: JournalStore, options: Partial<JournalOptions> = {}) {
  await current.close();
  return journal(options);
}

function entry(over: Partial<NewJournalEntry> = {}): NewJournalEntry {
  return {
    at: new Date().toISOString(),
    channel: 'review.manualChange',
    call: 'PUT /twitter-service/manually-eliminate',
    area: 'review',
    target: 'tweet 1',
    summary: 'manually-eliminate',
    before: { state: 'ACCEPTED' },
    outcome: 'ok',
    status: 200,
    message: null,
    runId: null,
    ...over,
  };
}

const query = (q: JournalQuery = {}) => journalQuerySchema.parse(q);
const all = (j: JournalStore) => j.list(query({ pageSize: 200 })).entries;
const summaries = (j: JournalStore) => all(j).map((e) => e.summary);
const files = () => readdirSync(folder).sort();
const lines = (name: string) => readFileSync(join(folder, name), 'utf8').split('\n');

async function appendAll(j: JournalStore, count: number, over: Partial<NewJournalEntry> = {}) {
  for (let i = 1; i <= count; i++) await j.append(entry({ summary: `write ${i}`, ...over }));
}

describe('journal store on disk', () => {
  it('appends one complete JSON line per entry to journal-000001.jsonl, in a folder of its own', async () => {
    const j = await journal();
    const written = await j.append(entry({ summary: 'first' }));
    expect(written).toMatchObject({ seq: 1, summary: 'first', target: 'tweet 1' });
    expect(files()).toEqual(['journal-000001.jsonl']);
    expect(lines('journal-000001.jsonl')).toEqual([JSON.stringify(written), '']);
    if (process.platform !== 'win32') expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(j.folder).toBe(folder);
  });

  it('serialises concurrent appends: whole lines, seq in the order of the calls', async () => {
    const j = await journal();
    const written = await Promise.all(
      Array.from({ length: 200 }, (_, i) => j.append(entry({ summary: `write ${i}` }))),
    );
    expect(written.map((e) => e.seq)).toEqual(written.map((_, i) => i + 1));
    const stored = lines('journal-000001.jsonl').slice(0, -1);
    expect(stored.map((l) => (JSON.parse(l) as { seq: number }).seq)).toEqual(
      written.map((e) => e.seq),
    );
  });

  it('continues the seq after reopening', async () => {
    let j = await journal();
    await appendAll(j, 3);
    j = await reopen(j);
    expect((await j.append(entry())).seq).toBe(4);
    expect(all(j).map((e) => e.seq)).toEqual([4, 3, 2, 1]);
  });

  it('skips a torn last line and cuts it off, so the next append starts on a clean line', async () => {
    let j = await journal();
    await appendAll(j, 3);
    await j.close();
    const file = join(folder, 'journal-000001.jsonl');
    const whole = readFileSync(file, 'utf8');
    appendFileSync(file, JSON.stringify({ ...entry(), seq: 4 }).slice(0, 40));
    j = await journal();
    expect(summaries(j)).toEqual(['write 3', 'write 2', 'write 1']);
    expect(readFileSync(file, 'utf8')).toBe(whole);
    await j.append(entry({ summary: 'after the crash' }));
    j = await reopen(j);
    expect(summaries(j)).toEqual(['after the crash', 'write 3', 'write 2', 'write 1']);
    expect(all(j)[0]!.seq).toBe(4);
  });

  it('skips a garbled line in the middle without losing the others', async () => {
    let j = await journal();
    await appendAll(j, 2);
    await j.close();
    appendFileSync(join(folder, 'journal-000001.jsonl'), 'not json at all\n{"seq":"x"}\n');
    j = await journal();
    await j.append(entry({ summary: 'write 3' }));
    j = await reopen(j);
    expect(summaries(j)).toEqual(['write 3', 'write 2', 'write 1']);
  });

  it('rotates to the next file past maxFileBytes and deletes the oldest beyond maxFiles', async () => {
    const lineBytes = Buffer.byteLength(`${JSON.stringify({ seq: 1, ...entry() })}\n`);
    // Two lines a file; with three files at most, six entries are kept.
    let j = await journal({ maxFileBytes: lineBytes * 2 + 10, maxFiles: 3 });
    await appendAll(j, 6);
    expect(files()).toEqual([
      'journal-000001.jsonl',
      'journal-000002.jsonl',
      'journal-000003.jsonl',
    ]);
    await appendAll(j, 2, { summary: 'later' });
    expect(files()).toEqual([
      'journal-000002.jsonl',
      'journal-000003.jsonl',
      'journal-000004.jsonl',
    ]);
    expect(all(j).map((e) => e.seq)).toEqual([8, 7, 6, 5, 4, 3]);
    j = await reopen(j, { maxFileBytes: lineBytes * 2 + 10, maxFiles: 2 });
    expect(files()).toEqual(['journal-000003.jsonl', 'journal-000004.jsonl']);
    expect(all(j).map((e) => e.seq)).toEqual([8, 7, 6, 5]);
    expect((await j.append(entry())).seq).toBe(9);
  });

  it('retention: deletes a file wholly past it and never returns older entries of a kept one', async () => {
    const now = Date.now();
    const old = new Date(now - 100 * DAY).toISOString();
    const recent = new Date(now - DAY).toISOString();
    // A long retention while the files are made, so that nothing is dropped before the test.
    let j = await journal({ retentionDays: 3650 });
    await appendAll(j, 2, { at: old });
    j = await reopen(j, { retentionDays: 3650, maxFileBytes: 1 });
    await j.append(entry({ at: old, summary: 'old in a kept file', runId: 'run-1' }));
    j = await reopen(j, { retentionDays: 3650 });
    await j.append(entry({ at: recent, summary: 'recent', runId: 'run-1' }));
    expect(files()).toEqual(['journal-000001.jsonl', 'journal-000002.jsonl']);

    j = await reopen(j, { retentionDays: 90, now: () => now });
    expect(files()).toEqual(['journal-000002.jsonl']);
    expect(summaries(j)).toEqual(['recent']);
    expect(j.list(query()).total).toBe(1);
    expect(j.ofRun('run-1').map((e) => e.summary)).toEqual(['recent']);
    expect(j.retentionDays).toBe(90);
  });

  it('retention while open: old entries are not returned, and their files go within a day', async () => {
    let clock = Date.now();
    const j = await journal({ retentionDays: 90, maxFileBytes: 1, now: () => clock });
    await appendAll(j, 2, { at: new Date(clock).toISOString() });
    clock += 91 * DAY;
    expect(all(j)).toEqual([]);
    await j.append(entry({ at: new Date(clock).toISOString(), summary: 'today' }));
    expect(files()).toEqual(['journal-000003.jsonl']);
    expect(summaries(j)).toEqual(['today']);
  });

  it('writes no token or password: JWTs, Bearer credentials and secret keys are scrubbed', async () => {
    const j = await journal();
    const written = await j.append(
      entry({
        target: `tweet 9 ${JWT}`,
        summary: 'signed in with Bearer abc.def.ghi',
        message: `401: token ${JWT} expired`,
        before: { password: 'hunter2', accessToken: 'opaque-token-value', state: JWT, count: 3 },
      }),
    );
    const raw = readFileSync(join(folder, 'journal-000001.jsonl'), 'utf8');
    for (const secret of [JWT, 'abc.def.ghi', 'hunter2', 'opaque-token-value'])
      expect(raw).not.toContain(secret);
    expect(written.summary).toBe('signed in with Bearer [redacted]');
    expect(written.before).toEqual({
      password: '[redacted]',
      accessToken: '[redacted]',
      state: '[redacted]',
      count: 3,
    });
    expect(JSON.stringify(all(j))).not.toContain('hunter2');
  });

  it('never reads a file to append, and answers queries without touching the disk', async () => {
    const j = await journal();
    await appendAll(j, 2);
    vi.clearAllMocks();
    await appendAll(j, 50);
    expect(fsPromises.readFile).not.toHaveBeenCalled();
    expect(fsPromises.stat).not.toHaveBeenCalled();
    // The newest file stays open in append mode (write-only) from the first append on.
    expect(fsPromises.open).not.toHaveBeenCalled();
    rmSync(folder, { recursive: true, force: true });
    expect(j.list(query({ target: 'tweet 1' })).total).toBe(52);
    expect(j.ofRun('none')).toEqual([]);
    for (const call of [fsPromises.readFile, fsPromises.readdir, fsPromises.open])
      expect(call).not.toHaveBeenCalled();
  });

  it('refuses appends after close and an entry whose time is not a date, without using a seq', async () => {
    let j = await journal();
    await expect(j.append(entry({ at: 'yesterday' }))).rejects.toThrow(/not a date/);
    expect((await j.append(entry())).seq).toBe(1);
    await j.close();
    await expect(j.append(entry())).rejects.toThrow(/closed/);
    j = await journal();
    expect((await j.append(entry())).seq).toBe(2);
  });

  it('throws when the folder cannot be created (the caller falls back to memory)', async () => {
    writeFileSync(join(folder, '..', 'a-file'), '');
    await expect(
      openJournal({ folder: join(folder, '..', 'a-file', 'journal'), retentionDays: 90 }),
    ).rejects.toThrow();
    await expect(openJournal({ folder, retentionDays: 0 })).rejects.toThrow(RangeError);
  });
});

describe('journal store queries', () => {
  it('filters on from/to (inclusive), area, outcome, runId and target, newest first, paged', async () => {
    const at = (day: number) => `2030-01-${String(day).padStart(2, '0')}T12:00:00.000Z`;
    const now = () => Date.parse(at(20));
    const q = await openJournal({ folder: null, retentionDays: 90, now });
    open.push(q);
    for (let day = 1; day <= 10; day++)
      await q.append(
        entry({
          at: at(day),
          summary: `day ${day}`,
          area: day % 2 ? 'review' : 'currencies',
          outcome: day % 3 ? 'ok' : 'failed',
          runId: day <= 4 ? 'run-a' : null,
          target: day === 7 || day === 9 ? 'bitcoin' : `tweet ${day}`,
        }),
      );
    const days = (qy: JournalQuery) => q.list(query(qy)).entries.map((e) => e.summary);
    expect(days({ from: at(3), to: at(5) })).toEqual(['day 5', 'day 4', 'day 3']);
    expect(days({ area: 'currencies' })).toEqual(['day 10', 'day 8', 'day 6', 'day 4', 'day 2']);
    expect(days({ area: 'review', outcome: 'failed' })).toEqual(['day 9', 'day 3']);
    expect(days({ runId: 'run-a', outcome: 'ok' })).toEqual(['day 4', 'day 2', 'day 1']);
    expect(days({ target: 'bitcoin' })).toEqual(['day 9', 'day 7']);
    expect(days({ target: 'bitcoin', from: at(8) })).toEqual(['day 9']);
    const page = q.list(query({ page: 1, pageSize: 3 }));
    expect(page.entries.map((e) => e.summary)).toEqual(['day 7', 'day 6', 'day 5']);
    expect(page).toMatchObject({ total: 10, folder: null, retentionDays: 90 });
    expect(q.list(query({ page: 4, pageSize: 3 })).entries).toEqual([]);
    expect(q.ofRun('run-a').map((e) => e.summary)).toEqual(['day 1', 'day 2', 'day 3', 'day 4']);
  });

  it('in memory (folder null): the same numbering, limits and scrubbing, and no files', async () => {
    const lineBytes = Buffer.byteLength(`${JSON.stringify({ seq: 1, ...entry() })}\n`);
    const j = await journal({ folder: null, maxFileBytes: lineBytes + 10, maxFiles: 3 });
    expect(j.folder).toBeNull();
    await appendAll(j, 5);
    await j.append(entry({ summary: `Bearer ${JWT}` }));
    expect(all(j).map((e) => e.seq)).toEqual([6, 5, 4]);
    expect(all(j)[0]!.summary).toBe('Bearer [redacted]');
    expect(existsSync(folder)).toBe(false);
  });

  it('hands out entries no caller can change', async () => {
    const j = await journal({ folder: null });
    const written = await j.append(entry());
    expect(Object.isFrozen(written)).toBe(true);
    expect(Object.isFrozen(written.before)).toBe(true);
  });
});
