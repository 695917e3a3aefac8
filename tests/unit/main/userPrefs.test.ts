import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callContext } from '../../../src/main/core/bridge/callContext';
import { createPrefsService } from '../../../src/main/core/bridge/prefsHandlers';
import { BridgeFailure } from '../../../src/main/core/bridgeFailure';
import { silentLogger, type Logger } from '../../../src/main/core/log';
import * as change from '../../../src/main/core/prefs/prefsChanges';
import { PrefsStore } from '../../../src/main/core/prefs/prefsStore';
import { userFolderOf } from '../../../src/main/core/userData/userFolder';
import { UserJournals } from '../../../src/main/core/writes/userJournals';
import { DEFAULT_PREFS, userPrefsSchema, type UserPrefs } from '../../../src/shared/prefs';

/**
 * The prefs store on disk: prefs.json in each user's folder, written atomically one change after
 * another, read back after a restart; a file that does not read is moved aside (never destroyed)
 * and the defaults start over.
 */

// Spies on the file calls: to see that writes never overlap, and to make one fail.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, open: vi.fn(actual.open), rename: vi.fn(actual.rename) };
});
const open = vi.mocked(fsPromises.open);
const rename = vi.mocked(fsPromises.rename);

const API = 'http://api.test';
const NOW = new Date('2026-11-24T10:20:30.400Z');
let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'dqc-user-prefs-'));
  vi.clearAllMocks();
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function storeOn(folderRoot: string | null = root) {
  const warnings: string[] = [];
  const log: Logger = {
    ...silentLogger,
    warn: (...args) => warnings.push(args.map(String).join(' ')),
  };
  const journals = new UserJournals({
    root: folderRoot,
    apiUrl: API,
    retentionDays: 30,
    log,
    onAppended: () => undefined,
  });
  const store = new PrefsStore({
    folderOf: (username) => journals.folderOf(username),
    log,
    now: () => NOW,
  });
  const apply = (username: string, next: (prefs: UserPrefs) => UserPrefs) =>
    store.update(username, (prefs) => ({ prefs: next(prefs) })).then((r) => r.prefs);
  return { store, apply, warnings };
}

const folderOf = (username = 'reviewer1') => userFolderOf(root, API, username);
const prefsPath = (username = 'reviewer1') => join(folderOf(username), 'prefs.json');
const readPrefs = (username = 'reviewer1') =>
  userPrefsSchema.parse(JSON.parse(readFileSync(prefsPath(username), 'utf8')));
const spam = { id: 'v1', name: 'Spam', query: 'isReviewed=false&keyword=airdrop' };

describe('the prefs store', () => {
  it('round-trips views and key maps through prefs.json and reads them after a restart', async () => {
    const { apply } = storeOn();
    await apply('reviewer1', (p) => change.setViews(p, '/filter', [spam]));
    await apply('reviewer1', (p) => change.setKeys(p, 'eliminate', ['d']));
    await apply('reviewer1', (p) => change.setKeys(p, 'openView1', ['alt+shift+1']));
    expect(readPrefs()).toMatchObject({
      views: { '/filter': [spam] },
      keys: { eliminate: ['d'], openView1: ['alt+shift+1'] },
    });

    const restarted = storeOn().store;
    expect(await restarted.get('reviewer1')).toEqual({
      ...DEFAULT_PREFS,
      views: { '/filter': [spam] },
      keys: { eliminate: ['d'], openView1: ['alt+shift+1'] },
    });
  });

  it('writes through a temporary file in the same folder, renamed over prefs.json, readable by its owner only', async () => {
    const { apply } = storeOn();
    await apply('reviewer1', (p) => change.setDensity(p, 'compact'));
    await apply('reviewer1', (p) => change.setViews(p, '/filter', [spam]));
    expect(rename).toHaveBeenCalledTimes(2);
    for (const [from, to] of rename.mock.calls) {
      expect(String(to)).toBe(prefsPath());
      expect(String(from).startsWith(`${prefsPath()}.`)).toBe(true);
      expect(String(from).endsWith('.tmp')).toBe(true);
    }
    // No temporary file is left behind.
    expect(readdirSync(folderOf()).sort()).toEqual(['prefs.json', 'user.json']);
    if (process.platform !== 'win32') expect(statSync(prefsPath()).mode & 0o777).toBe(0o600);
  });

  it('reads the file once and answers from memory after that', async () => {
    const { store } = storeOn();
    const readFile = vi.spyOn(fsPromises, 'readFile');
    await store.get('reviewer1');
    await store.get('reviewer1');
    await store.get('reviewer1');
    expect(readFile.mock.calls.filter(([path]) => String(path) === prefsPath())).toHaveLength(1);
    readFile.mockRestore();
  });

  it('keeps every change sent at once, writing one after another', async () => {
    let writing = 0;
    let most = 0;
    open.mockImplementation(async (...args: Parameters<typeof fsPromises.open>) => {
      if (String(args[0]).endsWith('.tmp')) most = Math.max(most, ++writing);
      return (await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises')).open(
        ...args,
      );
    });
    rename.mockImplementation(async (from, to) => {
      await (
        await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises')
      ).rename(from, to);
      writing -= 1;
    });
    const { apply } = storeOn();
    const paths = Array.from({ length: 20 }, (_, i) => `/screen-${i}`);
    await Promise.all(
      paths.map((path, i) =>
        apply('reviewer1', (p) =>
          change.setViews(p, path, [{ id: `v${i}`, name: `View ${i}`, query: `page=${i}` }]),
        ),
      ),
    );
    expect(most).toBe(1);
    expect(Object.keys(readPrefs().views).sort()).toEqual([...paths].sort());
    expect(Object.keys((await storeOn().store.get('reviewer1')).views)).toHaveLength(20);
  });

  it('stores nothing for a refused change, and goes on with the next', async () => {
    const { apply, store } = storeOn();
    await apply('reviewer1', (p) => change.setKeys(p, 'eliminate', ['d']));
    const before = readFileSync(prefsPath(), 'utf8');
    const refused = apply('reviewer1', (p) => change.setKeys(p, 'select', ['d']));
    const next = apply('reviewer1', (p) => change.setDensity(p, 'compact'));
    await expect(refused).rejects.toMatchObject({ status: 409, code: 'KEY_TAKEN' });
    expect((await next).density).toBe('compact');
    expect(readPrefs().keys).toEqual({ eliminate: ['d'] });
    expect(before).not.toBe(readFileSync(prefsPath(), 'utf8'));
    expect((await store.get('reviewer1')).keys).toEqual({ eliminate: ['d'] });
  });

  it('refuses a change the file could not take, keeping what was there', async () => {
    const { store } = storeOn();
    const tooLong = { ...spam, name: 'x'.repeat(200) };
    await expect(
      store.update('reviewer1', (p) => ({ prefs: { ...p, views: { '/filter': [tooLong] } } })),
    ).rejects.toMatchObject({ status: 400, code: 'INVALID_PREFS' });
    expect((await store.get('reviewer1')).views).toEqual({});
  });

  it('says so when the file cannot be written, and keeps the prefs as they were', async () => {
    const { apply, store, warnings } = storeOn();
    await apply('reviewer1', (p) => change.setDensity(p, 'compact'));
    rename.mockRejectedValueOnce(Object.assign(new Error('ENOSPC: no space left on device'), {}));
    const failed = apply('reviewer1', (p) => change.setViews(p, '/filter', [spam]));
    await expect(failed).rejects.toBeInstanceOf(BridgeFailure);
    await expect(failed).rejects.toMatchObject({
      status: 500,
      code: 'PREFS_NOT_SAVED',
      message: 'Your change could not be saved: ENOSPC: no space left on device',
    });
    expect(warnings.join('\n')).toContain('could not be written');
    expect((await store.get('reviewer1')).views).toEqual({});
    expect(readPrefs()).toMatchObject({ density: 'compact', views: {} });
    expect(readdirSync(folderOf()).sort()).toEqual(['prefs.json', 'user.json']);
    // The next change is written.
    await apply('reviewer1', (p) => change.setViews(p, '/filter', [spam]));
    expect(readPrefs().views).toEqual({ '/filter': [spam] });
  });

  it('keeps each user’s prefs in their own folder', async () => {
    const { apply, store } = storeOn();
    await apply('reviewer1', (p) => change.setViews(p, '/filter', [spam]));
    await apply('reviewer2', (p) => change.setKeys(p, 'eliminate', ['d']));
    expect(await store.get('reviewer1')).toMatchObject({ views: { '/filter': [spam] }, keys: {} });
    expect(await store.get('reviewer2')).toMatchObject({ views: {}, keys: { eliminate: ['d'] } });
    expect(readPrefs('reviewer1').keys).toEqual({});
    expect(readPrefs('reviewer2').views).toEqual({});
    expect(folderOf('reviewer1')).not.toBe(folderOf('reviewer2'));
  });

  it('keeps prefs in memory when there is no user-data folder', async () => {
    const { apply, store } = storeOn(null);
    await apply('reviewer1', (p) => change.setDensity(p, 'compact'));
    expect((await store.get('reviewer1')).density).toBe('compact');
    expect(open).not.toHaveBeenCalled();
    expect(readdirSync(root)).toEqual([]);
    expect(await storeOn(null).store.get('reviewer1')).toEqual(DEFAULT_PREFS);
  });

  it('keeps prefs in memory, with a warning, when the user-data folder cannot be made', async () => {
    const notAFolder = join(root, 'file');
    writeFileSync(notAFolder, 'x');
    const { apply, store, warnings } = storeOn(notAFolder);
    await apply('reviewer1', (p) => change.setDensity(p, 'compact'));
    expect((await store.get('reviewer1')).density).toBe('compact');
    expect(warnings.join('\n')).toContain('kept in memory');
  });

  it('never keeps what is not a pref (a token someone wrote into the file)', async () => {
    const { store: first } = storeOn();
    await first.get('reviewer1'); // makes the folder
    writeFileSync(
      prefsPath(),
      JSON.stringify({ density: 'compact', refreshToken: 'eyJhbGciOi.secret', password: 'p' }),
    );
    const { apply, store } = storeOn();
    expect(await store.get('reviewer1')).toEqual({ ...DEFAULT_PREFS, density: 'compact' });
    await apply('reviewer1', (p) => change.setViews(p, '/filter', [spam]));
    const text = readFileSync(prefsPath(), 'utf8');
    expect(text).not.toContain('secret');
    expect(text).not.toContain('password');
  });
});

describe('a prefs.json that does not read', () => {
  const aside = () => readdirSync(folderOf()).filter((name) => name.includes('.bad-'));

  async function withFile(text: string) {
    await storeOn().store.get('reviewer1'); // makes the folder
    writeFileSync(prefsPath(), text);
    return storeOn();
  }

  it.each([
    ['not JSON', '{"density": "compact", ', /not valid JSON/],
    ['a value the schema refuses', '{"density": "huge", "views": {}}', /density/],
    ['a bad key', '{"keys": {"eliminate": ["ctrl+"]}}', /keys\.eliminate\.0/],
    ['a "__proto__" key', '{"__proto__": {"density": "compact"}}', /holds a "__proto__"/],
    ['not an object', '[]', /expected object/],
  ])(
    '(%s) is moved aside with a warning naming it and why, and the defaults load',
    async (_, text, why) => {
      const { store, apply, warnings } = await withFile(text);
      expect(await store.get('reviewer1')).toEqual(DEFAULT_PREFS);
      expect(aside()).toEqual([`prefs.json.bad-2026-11-24T10-20-30-400Z`]);
      expect(readFileSync(join(folderOf(), aside()[0]!), 'utf8')).toBe(text);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(prefsPath());
      expect(warnings[0]).toContain(aside()[0]);
      expect(warnings[0]).toMatch(why);

      // The next change starts a new prefs.json; the file moved aside stays as it was.
      await apply('reviewer1', (p) => change.setDensity(p, 'compact'));
      expect(readPrefs().density).toBe('compact');
      expect(readFileSync(join(folderOf(), aside()[0]!), 'utf8')).toBe(text);
    },
  );

  it('that cannot be moved aside is left untouched, and changes are kept in memory only', async () => {
    await storeOn().store.get('reviewer1');
    writeFileSync(prefsPath(), 'garbage');
    rename.mockRejectedValueOnce(new Error('EPERM: operation not permitted'));
    const { store, apply, warnings } = storeOn();
    expect(await store.get('reviewer1')).toEqual(DEFAULT_PREFS);
    expect(warnings[0]).toContain('cannot be moved aside');
    await apply('reviewer1', (p) => change.setDensity(p, 'compact'));
    expect((await store.get('reviewer1')).density).toBe('compact');
    expect(readFileSync(prefsPath(), 'utf8')).toBe('garbage');
  });
});

describe('Export views with the real file delivery', () => {
  it('writes a views file into the downloads folder that Import views reads back', async () => {
    const downloads = join(root, 'downloads');
    const handlersOf = () =>
      createPrefsService({
        sessionStartedAt: () => null,
        journals: journalsOnRoot(),
        files: null,
        tempDir: downloads,
        emit: () => undefined,
        log: silentLogger,
        now: () => new Date(2026, 10, 24, 9, 0),
      });
    const mine = handlersOf();
    const asMine = callContext(() => 'reviewer1');
    await mine.setViews({ path: '/filter', views: [spam] }, asMine);
    const exported = await mine.exportViews(undefined, asMine);
    expect(exported).toMatchObject({
      status: 'done',
      written: 1,
      fileName: 'dqc-views-2026-11-24.json',
    });
    const [written] = readdirSync(downloads);
    expect(written).toMatch(/dqc-views-2026-11-24\.json$/);
    const text = readFileSync(join(downloads, written!), 'utf8');

    const theirs = handlersOf();
    const imported = await theirs.importViews(
      { text },
      callContext(() => 'reviewer2'),
    );
    expect(imported).toMatchObject({
      added: 1,
      skipped: 0,
      prefs: { views: { '/filter': [spam] } },
    });
  });
});

function journalsOnRoot() {
  return new UserJournals({
    root,
    apiUrl: API,
    retentionDays: 30,
    log: silentLogger,
    onAppended: () => undefined,
  });
}
