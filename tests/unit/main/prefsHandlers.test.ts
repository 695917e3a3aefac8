import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDispatcher, type BridgeHandlers } from '../../../src/main/core/bridge/dispatcher';
import {
  createPrefsHandlers,
  type PrefsChannel,
} from '../../../src/main/core/bridge/prefsHandlers';
import { deliverFile } from '../../../src/main/core/files/deliverFile';
import { silentLogger, type Logger } from '../../../src/main/core/log';
import { userFolderOf } from '../../../src/main/core/userData/userFolder';
import { UserJournals } from '../../../src/main/core/writes/userJournals';
import type { BridgeError, BridgeEvent, PayloadOf, ResultOf } from '../../../src/shared/bridge';
import { SHORTCUT_ACTIONS } from '../../../src/shared/keys';
import {
  DEFAULT_PREFS,
  MAX_VIEWS_PER_SCREEN,
  VIEWS_FILE_FORMAT,
  type SavedView,
} from '../../../src/shared/prefs';

/**
 * The prefs.* channels through the dispatcher (payloads checked as in the app) on a temporary
 * user-data folder: every change kept and read back after a restart, refusals that store nothing,
 * import and export of views, and one user's prefs apart from another's.
 */

// Export views hands its file to deliverFile (another part); here only what it is given matters.
vi.mock('../../../src/main/core/files/deliverFile', () => ({ deliverFile: vi.fn() }));
const delivered = vi.mocked(deliverFile);

const API = 'http://api.test';
const SESSION_STARTED = '2026-11-24T08:00:00.000Z';
let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'dqc-prefs-handlers-'));
  delivered.mockReset();
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A core's prefs channels on `folder` (null: memory), as the app would be after a (re)start. */
function start(folder: string | null = root) {
  const user: { name: string | null } = { name: 'reviewer1' };
  const events: BridgeEvent[] = [];
  const warnings: unknown[][] = [];
  const log: Logger = { ...silentLogger, warn: (...args) => warnings.push(args) };
  const journals = new UserJournals({
    root: folder,
    apiUrl: API,
    retentionDays: 30,
    log,
    onAppended: () => undefined,
  });
  const handlers = createPrefsHandlers({
    sessionStartedAt: () => SESSION_STARTED,
    journals,
    files: null,
    tempDir: folder,
    emit: (event) => events.push(event),
    log,
    // 24 November 2026, 23:30 local time: the export's name uses the local date.
    now: () => new Date(2026, 10, 24, 23, 30),
  });
  // The other channels are not exercised here.
  // Who is signed in: the dispatcher's call context (bridge/callContext.ts).
  const dispatch = createDispatcher(handlers as BridgeHandlers, log, () => user.name);
  async function call<C extends PrefsChannel>(
    channel: C,
    ...payload: PayloadOf<C> extends undefined ? [] : [PayloadOf<C>]
  ): Promise<ResultOf<C>> {
    const answer = await dispatch(channel, payload[0]);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.status} ${answer.error.message}`);
    return answer.data as ResultOf<C>;
  }
  async function refusal(channel: PrefsChannel, payload?: unknown): Promise<BridgeError> {
    const answer = await dispatch(channel, payload);
    if (answer.ok) throw new Error(`${channel} was not refused`);
    return answer.error;
  }
  const prefs = async () => (await call('prefs.get')).prefs;
  return { call, refusal, prefs, events, warnings, user, dispatch };
}

const prefsFile = (username = 'reviewer1') => join(userFolderOf(root, API, username), 'prefs.json');

const view = (id: string, name: string, query = `q=${id}`): SavedView => ({ id, name, query });

function viewsFile(views: Record<string, unknown[]>, over: object = {}): string {
  return JSON.stringify({ format: VIEWS_FILE_FORMAT, version: 1, views, ...over });
}

describe('prefs channels', () => {
  it('answers the defaults and when the session began to a user who chose nothing', async () => {
    const app = start();
    await expect(app.call('prefs.get')).resolves.toEqual({
      prefs: DEFAULT_PREFS,
      sessionStartedAt: SESSION_STARTED,
    });
    // Reading writes nothing.
    expect(existsSync(prefsFile())).toBe(false);
  });

  it('keeps saved views per screen through save, rename, reorder and delete, across a restart', async () => {
    const app = start();
    const a = view('a', 'Spam accounts', 'isReviewed=false&keyword=airdrop');
    const b = view('b', 'Exchanges');
    const saved = await app.call('prefs.setViews', { path: '/filter', views: [a, b] });
    expect(saved.views).toEqual({ '/filter': [a, b] });
    expect(app.events).toEqual([{ type: 'prefs.changed', prefs: saved }]);
    await app.call('prefs.setViews', { path: '/crypto-currency', views: [view('c', 'Mine')] });
    // Rename and reorder are a new list for the screen.
    await app.call('prefs.setViews', {
      path: '/filter',
      views: [{ ...b, name: 'Exchanges only' }, a],
    });

    const restarted = start();
    expect((await restarted.prefs()).views).toEqual({
      '/filter': [{ ...b, name: 'Exchanges only' }, a],
      '/crypto-currency': [view('c', 'Mine')],
    });
    // Deleting the last view forgets the screen.
    const after = await restarted.call('prefs.setViews', { path: '/crypto-currency', views: [] });
    expect(after.views).not.toHaveProperty('/crypto-currency');
    expect((await start().prefs()).views).not.toHaveProperty('/crypto-currency');
  });

  it('refuses two views of one name (whatever the case) or of one id, and stores nothing', async () => {
    const app = start();
    await app.call('prefs.setViews', { path: '/filter', views: [view('a', 'Spam')] });
    app.events.length = 0;

    const byName = await app.refusal('prefs.setViews', {
      path: '/filter',
      views: [view('a', 'Spam'), view('b', 'spam ')],
    });
    expect(byName).toEqual({
      status: 409,
      code: 'VIEW_NAME_TAKEN',
      message: 'A view named "spam" already exists.',
    });
    const byId = await app.refusal('prefs.setViews', {
      path: '/filter',
      views: [view('a', 'Spam'), view('a', 'Other')],
    });
    expect(byId).toMatchObject({ status: 400, code: 'DUPLICATE_VIEW_ID' });
    expect(byId.message).toContain('"a"');

    expect(app.events).toEqual([]);
    expect((await start().prefs()).views).toEqual({ '/filter': [view('a', 'Spam')] });
  });

  it('keeps an action’s own keys across a restart, normalised, and defaults as no override', async () => {
    const app = start();
    const prefs = await app.call('prefs.setKeys', { action: 'eliminate', keys: ['Shift+G', 'g'] });
    expect(prefs.keys).toEqual({ eliminate: ['shift+g', 'g'] });
    expect((await start().prefs()).keys).toEqual({ eliminate: ['shift+g', 'g'] });

    // The same keys as the defaults (in any order) are no override at all.
    const back = await app.call('prefs.setKeys', { action: 'next', keys: ['down', 'j'] });
    expect(back.keys).toEqual({ eliminate: ['shift+g', 'g'] });
    const reset = await app.call('prefs.setKeys', { action: 'eliminate', keys: ['e'] });
    expect(reset.keys).toEqual({});
  });

  it('refuses a key another action holds, naming that action, and stores nothing', async () => {
    const app = start();
    const select = SHORTCUT_ACTIONS.find((a) => a.id === 'select')!.label;
    await expect(
      app.refusal('prefs.setKeys', { action: 'eliminate', keys: ['d', 's'] }),
    ).resolves.toEqual({
      status: 409,
      code: 'KEY_TAKEN',
      message: `s is already used by "${select}".`,
    });
    expect(app.events).toEqual([]);
    expect(existsSync(prefsFile())).toBe(false);

    // A key the user gave to another action counts too, and a key given away is free again.
    await app.call('prefs.setKeys', { action: 'eliminate', keys: ['d'] });
    const eliminate = SHORTCUT_ACTIONS.find((a) => a.id === 'eliminate')!.label;
    await expect(
      app.refusal('prefs.setKeys', { action: 'select', keys: ['d'] }),
    ).resolves.toMatchObject({ message: `d is already used by "${eliminate}".` });
    const freed = await app.call('prefs.setKeys', { action: 'select', keys: ['e'] });
    expect(freed.keys).toEqual({ eliminate: ['d'], select: ['e'] });
    expect((await start().prefs()).keys).toEqual({ eliminate: ['d'], select: ['e'] });
  });

  it('resets every key to its default, and keeps the reset', async () => {
    const app = start();
    await app.call('prefs.setKeys', { action: 'eliminate', keys: ['d'] });
    await app.call('prefs.setKeys', { action: 'undo', keys: ['u'] });
    const prefs = await app.call('prefs.resetKeys');
    expect(prefs.keys).toEqual({});
    expect(app.events.at(-1)).toEqual({ type: 'prefs.changed', prefs });
    expect((await start().prefs()).keys).toEqual({});
  });

  it('keeps a list’s column choice and forgets it on null', async () => {
    const app = start();
    const choice = { order: ['name', 'symbol', 'id'], hidden: ['id'] };
    await app.call('prefs.setColumns', { path: '/crypto-currency', choice });
    await app.call('prefs.setColumns', { path: '/tags', choice: { order: [], hidden: ['x'] } });
    expect((await start().prefs()).columns).toEqual({
      '/crypto-currency': choice,
      '/tags': { order: [], hidden: ['x'] },
    });
    const after = await app.call('prefs.setColumns', { path: '/tags', choice: null });
    expect(after.columns).toEqual({ '/crypto-currency': choice });
    expect((await start().prefs()).columns).toEqual({ '/crypto-currency': choice });
  });

  it('keeps the density', async () => {
    const app = start();
    expect((await app.call('prefs.setDensity', { density: 'compact' })).density).toBe('compact');
    expect((await start().prefs()).density).toBe('compact');
    await expect(app.refusal('prefs.setDensity', { density: 'tiny' })).resolves.toMatchObject({
      status: 400,
    });
  });

  it('keeps Review’s Stories switch, off until chosen', async () => {
    const app = start();
    expect((await start().prefs()).stories).toBe(false);
    expect((await app.call('prefs.setStories', { stories: true })).stories).toBe(true);
    expect((await start().prefs()).stories).toBe(true);
    await expect(app.refusal('prefs.setStories', { stories: 'yes' })).resolves.toMatchObject({
      status: 400,
    });
    expect((await start().prefs()).stories).toBe(true);
  });

  it('changes only the shift fields given; null means since sign-in, or no reminder', async () => {
    const app = start();
    const startedAt = '2026-11-24T09:15:00.000Z';
    let prefs = await app.call('prefs.setShift', { shiftStartedAt: startedAt });
    expect(prefs).toMatchObject({ shiftStartedAt: startedAt, breakReminderMinutes: null });
    prefs = await app.call('prefs.setShift', { breakReminderMinutes: 50 });
    expect(prefs).toMatchObject({ shiftStartedAt: startedAt, breakReminderMinutes: 50 });
    expect(await start().prefs()).toMatchObject({
      shiftStartedAt: startedAt,
      breakReminderMinutes: 50,
    });
    prefs = await app.call('prefs.setShift', { shiftStartedAt: null, breakReminderMinutes: null });
    expect(prefs).toMatchObject({ shiftStartedAt: null, breakReminderMinutes: null });
    await expect(app.refusal('prefs.setShift', { breakReminderMinutes: 5 })).resolves.toMatchObject(
      { status: 400 },
    );
  });

  it('needs a signed-in user for every channel', async () => {
    const app = start();
    app.user.name = null;
    const payloads: Record<PrefsChannel, unknown> = {
      'prefs.get': undefined,
      'prefs.setViews': { path: '/filter', views: [] },
      'prefs.setKeys': { action: 'eliminate', keys: ['d'] },
      'prefs.resetKeys': undefined,
      'prefs.setColumns': { path: '/tags', choice: null },
      'prefs.setDensity': { density: 'compact' },
      'prefs.setStories': { stories: true },
      'prefs.setShift': { breakReminderMinutes: 30 },
      'prefs.importViews': { text: viewsFile({}) },
      'prefs.exportViews': undefined,
    };
    for (const [channel, payload] of Object.entries(payloads))
      await expect(app.refusal(channel as PrefsChannel, payload), channel).resolves.toMatchObject({
        status: 401,
      });
    expect(app.events).toEqual([]);
    expect(delivered).not.toHaveBeenCalled();
  });

  it('keeps two users of one machine apart', async () => {
    const app = start();
    await app.call('prefs.setViews', { path: '/filter', views: [view('a', 'Mine')] });
    await app.call('prefs.setDensity', { density: 'compact' });
    app.user.name = 'reviewer2';
    expect(await app.prefs()).toEqual(DEFAULT_PREFS);
    await app.call('prefs.setKeys', { action: 'eliminate', keys: ['d'] });
    app.user.name = 'reviewer1';
    expect((await app.prefs()).keys).toEqual({});

    const restarted = start();
    expect(await restarted.prefs()).toMatchObject({
      views: { '/filter': [view('a', 'Mine')] },
      keys: {},
      density: 'compact',
    });
    restarted.user.name = 'reviewer2';
    expect(await restarted.prefs()).toMatchObject({
      views: {},
      keys: { eliminate: ['d'] },
      density: 'comfortable',
    });
    expect(prefsFile('reviewer1')).not.toBe(prefsFile('reviewer2'));
  });

  it('keeps every change sent at once', async () => {
    const app = start();
    const paths = Array.from({ length: 12 }, (_, i) => `/screen-${i}`);
    await Promise.all([
      ...paths.map((path, i) =>
        app.call('prefs.setViews', { path, views: [view(`v${i}`, `View ${i}`)] }),
      ),
      app.call('prefs.setDensity', { density: 'compact' }),
      app.call('prefs.setKeys', { action: 'eliminate', keys: ['d'] }),
      app.call('prefs.setColumns', { path: '/tags', choice: { order: ['a'], hidden: [] } }),
    ]);
    const read = await start().prefs();
    expect(Object.keys(read.views).sort()).toEqual([...paths].sort());
    expect(read).toMatchObject({
      density: 'compact',
      keys: { eliminate: ['d'] },
      columns: { '/tags': { order: ['a'], hidden: [] } },
    });
    expect(app.events).toHaveLength(paths.length + 3);
  });

  it('works in memory when there is no user-data folder', async () => {
    const app = start(null);
    await app.call('prefs.setViews', { path: '/filter', views: [view('a', 'Mine')] });
    await app.call('prefs.setKeys', { action: 'eliminate', keys: ['d'] });
    expect(await app.prefs()).toMatchObject({
      views: { '/filter': [view('a', 'Mine')] },
      keys: { eliminate: ['d'] },
    });
    // Nothing was written anywhere, so a new core starts from the defaults.
    expect(await start(null).prefs()).toEqual(DEFAULT_PREFS);
  });
});

describe('prefs.setKeys through the dispatcher', () => {
  it('answers a payload that is not a key with 400 and stores nothing', async () => {
    const app = start();
    for (const keys of [['ctrl+'], ['shift'], ['a', 'b', 'c', 'd'], []]) {
      const answer = await app.dispatch('prefs.setKeys', { action: 'eliminate', keys });
      expect(answer, JSON.stringify(keys)).toMatchObject({
        ok: false,
        error: { status: 400, code: 'INVALID_PAYLOAD' },
      });
    }
    const unknown = await app.dispatch('prefs.setKeys', { action: 'launchRockets', keys: ['l'] });
    expect(unknown).toMatchObject({ ok: false, error: { status: 400 } });
    expect(app.events).toEqual([]);
    expect(existsSync(prefsFile())).toBe(false);
    expect((await app.prefs()).keys).toEqual({});
  });
});

describe('prefs.importViews', () => {
  it('adds a file’s views after the user’s own, skipping known ids and renaming taken names', async () => {
    const app = start();
    await app.call('prefs.setViews', {
      path: '/filter',
      views: [view('a', 'Spam'), view('b', 'Exchanges')],
    });
    const text = viewsFile({
      '/filter': [
        view('a', 'Someone else’s spam'), // same id: skipped
        view('c', 'spam'), // name taken (case aside): renamed
        view('d', 'Spam'), // renamed again
        view('e', 'New one'),
      ],
      '/tags': [view('t', 'Tagged')],
    });
    const result = await app.call('prefs.importViews', { text });
    expect(result.added).toBe(4);
    expect(result.skipped).toBe(1);
    expect(result.prefs.views).toEqual({
      '/filter': [
        view('a', 'Spam'),
        view('b', 'Exchanges'),
        view('c', 'spam (imported)'),
        view('d', 'Spam (imported 2)'),
        view('e', 'New one'),
      ],
      '/tags': [view('t', 'Tagged')],
    });
    expect(app.events.at(-1)).toEqual({ type: 'prefs.changed', prefs: result.prefs });
    expect((await start().prefs()).views).toEqual(result.prefs.views);

    // The same file again adds nothing and changes nothing.
    app.events.length = 0;
    const again = await app.call('prefs.importViews', { text });
    expect(again).toMatchObject({ added: 0, skipped: 5 });
    expect(app.events).toEqual([]);
  });

  it('keeps a renamed view’s name within 80 characters', async () => {
    const app = start();
    const long = 'L'.repeat(80);
    await app.call('prefs.setViews', { path: '/filter', views: [view('a', long)] });
    const result = await app.call('prefs.importViews', {
      text: viewsFile({ '/filter': [view('b', long)] }),
    });
    const renamed = result.prefs.views['/filter']![1]!.name;
    expect(renamed).toHaveLength(80);
    expect(renamed.endsWith(' (imported)')).toBe(true);
  });

  it('adds at most the most views a screen may hold, and skips the rest', async () => {
    const app = start();
    const own = Array.from({ length: MAX_VIEWS_PER_SCREEN - 2 }, (_, i) =>
      view(`o${i}`, `Own ${i}`),
    );
    await app.call('prefs.setViews', { path: '/filter', views: own });
    const incoming = Array.from({ length: 5 }, (_, i) => view(`n${i}`, `New ${i}`));
    const result = await app.call('prefs.importViews', {
      text: viewsFile({ '/filter': incoming }),
    });
    expect(result).toMatchObject({ added: 2, skipped: 3 });
    expect(result.prefs.views['/filter']).toHaveLength(MAX_VIEWS_PER_SCREEN);
  });

  it('refuses what is not a views file, saying why, and changes nothing', async () => {
    const app = start();
    await app.call('prefs.setViews', { path: '/filter', views: [view('a', 'Mine')] });
    app.events.length = 0;
    const cases: [string, RegExp][] = [
      ['{"format": "dqc-console-views", "version": 1, "views": {', /not valid JSON/],
      ['[1, 2]', /not a JSON object/],
      ['"views"', /not a JSON object/],
      [viewsFile({}, { format: 'label-studio' }), /"format" is not "dqc-console-views"/],
      [viewsFile({}, { format: undefined }), /"format"/],
      [viewsFile({}, { version: 2 }), /"version" is not 1/],
      [
        viewsFile({ '/filter': [view('x', '   ')] }),
        /view 1 of \/filter, its name: A view needs a name/,
      ],
      [viewsFile({ '/filter': [{ id: 'x', name: 'No query' }] }), /view 1 of \/filter, its query/],
      [viewsFile({ 'not a path': [view('x', 'X')] }), /"not a path" is not a screen's path/],
      [
        '{"format":"dqc-console-views","version":1,"views":{},"__proto__":{"admin":true}}',
        /__proto__/,
      ],
    ];
    for (const [text, why] of cases) {
      const error = await app.refusal('prefs.importViews', { text });
      expect(error, text).toMatchObject({ status: 400, code: 'BAD_VIEWS_FILE' });
      expect(error.message, text).toMatch(/^This is not a views file exported by DQC Console: /);
      expect(error.message, text).toMatch(why);
    }
    expect(app.events).toEqual([]);
    expect((await start().prefs()).views).toEqual({ '/filter': [view('a', 'Mine')] });
  });
});

describe('prefs.exportViews', () => {
  it('delivers every view as a file that Import views reads back', async () => {
    const app = start();
    const views = {
      '/filter': [view('a', 'Spam'), view('b', 'Exchanges')],
      '/tags': [view('t', 'Tagged')],
    };
    for (const [path, list] of Object.entries(views))
      await app.call('prefs.setViews', { path, views: list });
    delivered.mockResolvedValue({
      fileName: 'dqc-views-2026-11-24.json',
      savedTo: '/home/r/dqc-views-2026-11-24.json',
      downloadUrl: null,
    });

    const answer = await app.call('prefs.exportViews');
    expect(answer).toMatchObject({
      status: 'done',
      format: 'json',
      written: 3,
      total: 3,
      fileName: 'dqc-views-2026-11-24.json',
      savedTo: '/home/r/dqc-views-2026-11-24.json',
      downloadUrl: null,
      message: null,
    });
    expect(delivered).toHaveBeenCalledTimes(1);
    const given = delivered.mock.calls[0]![0];
    expect(given).toMatchObject({
      files: null,
      tempDir: root,
      fileName: 'dqc-views-2026-11-24.json',
      extension: 'json',
    });
    expect(JSON.parse(given.contents)).toEqual({ format: VIEWS_FILE_FORMAT, version: 1, views });
    expect(given.contents).toContain('\n  "format"'); // pretty, for a person to read

    // Another user imports it and has the same views.
    app.user.name = 'reviewer2';
    const imported = await app.call('prefs.importViews', { text: given.contents });
    expect(imported).toMatchObject({ added: 3, skipped: 0, prefs: { views } });
  });

  it('answers a download in browser mode', async () => {
    const app = start();
    delivered.mockResolvedValue({
      fileName: 'dqc-views-2026-11-24.json',
      savedTo: null,
      downloadUrl: '/downloads/abc',
    });
    await expect(app.call('prefs.exportViews')).resolves.toMatchObject({
      status: 'done',
      written: 0,
      total: 0,
      downloadUrl: '/downloads/abc',
    });
  });

  it('answers cancelled when no file was chosen, and failed when the file cannot be written', async () => {
    const app = start();
    await app.call('prefs.setViews', { path: '/filter', views: [view('a', 'Spam')] });
    delivered.mockResolvedValueOnce(null);
    await expect(app.call('prefs.exportViews')).resolves.toMatchObject({
      status: 'cancelled',
      message: 'No file was chosen.',
      written: 0,
      savedTo: null,
      downloadUrl: null,
    });
    delivered.mockRejectedValueOnce(new Error('EACCES: permission denied'));
    const failed = await app.call('prefs.exportViews');
    expect(failed).toMatchObject({ status: 'failed', written: 0 });
    expect(failed.message).toBe('The views file could not be written: EACCES: permission denied');
    // Exporting changes no prefs.
    expect(app.events).toHaveLength(1);
  });
});

describe('a prefs file that does not read', () => {
  it('is moved aside with a warning naming it, and the defaults load', async () => {
    const folder = userFolderOf(root, API, 'reviewer1');
    await start().call('prefs.setDensity', { density: 'compact' }); // makes the folder
    const broken = '{"density": "compact", "views": ';
    writeFileSync(prefsFile(), broken);

    const app = start();
    expect(await app.prefs()).toEqual(DEFAULT_PREFS);
    const aside = readdirSync(folder).filter((name) => name.startsWith('prefs.json.bad-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(folder, aside[0]!), 'utf8')).toBe(broken);
    expect(String(app.warnings[0]?.[0])).toContain(prefsFile());
    expect(String(app.warnings[0]?.[0])).toContain('not valid JSON');
  });
});
