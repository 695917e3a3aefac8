import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SETTINGS,
  apiUrlSourceOf,
  loadSettings,
  machineSettingsPath,
  settingsReport,
} from '../../../src/main/core/settings';
import { silentLogger, type Logger } from '../../../src/main/core/log';
import { MACHINE_PINNED_SETTINGS } from '../../../src/shared/desktop';

function sources(
  files: Record<string, string>,
  env: Record<string, string> = {},
  log: Logger = silentLogger,
) {
  return {
    env,
    userFile: '/user.json',
    machineFile: '/machine.json',
    readFile: (p: string) => files[p] ?? null,
    log,
  };
}

describe('settings precedence', () => {
  it('uses defaults (the demo server) when nothing is configured', () => {
    expect(loadSettings(sources({}))).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.apiUrl).toBeNull();
  });

  it('environment over user file over machine file, for what the machine file does not pin', () => {
    const files = {
      '/machine.json': JSON.stringify({
        reviewers: ['m1'],
        requestTimeoutSeconds: 90,
        refreshClientId: 'machine-client',
      }),
      '/user.json': JSON.stringify({ apiUrl: 'https://user.example/', reviewers: ['u1', 'u2'] }),
    };
    const fromFiles = loadSettings(sources(files));
    expect(fromFiles).toMatchObject({
      apiUrl: 'https://user.example',
      reviewers: ['u1', 'u2'],
      requestTimeoutSeconds: 90,
      refreshClientId: 'machine-client',
    });
    const withEnv = loadSettings(
      sources(files, {
        DQC_API_URL: 'http://127.0.0.1:9999',
        DQC_REVIEWERS: 'a, b ,c',
        DQC_REQUEST_TIMEOUT: '5',
      }),
    );
    expect(withEnv).toMatchObject({
      apiUrl: 'http://127.0.0.1:9999',
      reviewers: ['a', 'b', 'c'],
      requestTimeoutSeconds: 5,
    });
  });

  it('ignores a broken file with a warning and keeps the others', () => {
    const warn = vi.fn();
    const log = { ...silentLogger, warn };
    const files = {
      '/machine.json': JSON.stringify({ apiUrl: 'https://machine.example' }),
      '/user.json': '{not json',
    };
    expect(loadSettings(sources(files, {}, log)).apiUrl).toBe('https://machine.example');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/user.json is not valid JSON'));
  });

  it('rejects unknown keys and bad values, naming them', () => {
    const warn = vi.fn();
    const files = {
      '/user.json': JSON.stringify({ apiUrl: 'ftp://x', passwordKey: 'short', colour: 'red' }),
    };
    const settings = loadSettings(sources(files, {}, { ...silentLogger, warn }));
    expect(settings).toEqual(DEFAULT_SETTINGS);
    const message = String(warn.mock.calls[0]![0]);
    expect(message).toMatch(/apiUrl/);
    expect(message).toMatch(/passwordKey/);
  });

  it('ignores a bad environment value with a warning', () => {
    const warn = vi.fn();
    const settings = loadSettings(
      sources({}, { DQC_PASSWORD_KEY: 'too-short' }, { ...silentLogger, warn }),
    );
    expect(settings.passwordKey).toBe(DEFAULT_SETTINGS.passwordKey);
    expect(warn).toHaveBeenCalled();
  });

  it('sets no request timeout by default; a file or DQC_REQUEST_TIMEOUT sets one in seconds', () => {
    expect(DEFAULT_SETTINGS.requestTimeoutSeconds).toBeNull();
    const files = { '/machine.json': JSON.stringify({ requestTimeoutSeconds: 30 }) };
    expect(loadSettings(sources(files)).requestTimeoutSeconds).toBe(30);
    expect(loadSettings(sources(files, { DQC_REQUEST_TIMEOUT: '12' })).requestTimeoutSeconds).toBe(
      12,
    );
    const warn = vi.fn();
    const log = { ...silentLogger, warn };
    expect(
      loadSettings(sources({}, { DQC_REQUEST_TIMEOUT: 'soon' }, log)).requestTimeoutSeconds,
    ).toBe(null);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('requestTimeoutSeconds'));
  });

  it('reports where each setting came from, and each file it ignored with the reason', () => {
    const files = {
      '/machine.json': JSON.stringify({ apiUrl: 'https://machine.example', reviewers: ['m'] }),
      '/user.json': JSON.stringify({ reviewers: ['u'] }),
    };
    const report = settingsReport(sources(files, { DQC_KEYCHAIN_SERVICE: 'Env Service' }));
    expect(report.sourceOf).toMatchObject({
      apiUrl: 'machine-wide file',
      reviewers: 'user file',
      keychainService: 'environment',
      passwordKey: 'default',
    });
    expect(apiUrlSourceOf(report)).toBe('machine-wide file');
    expect(report.problems).toEqual([]);
    expect(apiUrlSourceOf(settingsReport(sources({})))).toBe('demo');

    const broken = settingsReport(
      sources({ '/machine.json': '{ not json', '/user.json': JSON.stringify({ colour: 'red' }) }),
    );
    expect(broken.problems).toEqual([
      { file: '/machine.json', reason: 'is not valid JSON and is ignored.' },
      { file: '/user.json', reason: expect.stringContaining('colour') },
    ]);
    expect(broken.settings).toEqual(DEFAULT_SETTINGS);
  });

  it('knows where IT installs the machine-wide file on each platform', () => {
    expect(machineSettingsPath('linux')).toBe('/etc/dqc-console/config.json');
    // Fixed, never %ProgramData%: a process of the user's could point that at a file of its own.
    expect(machineSettingsPath('win32')).toBe('C:\\ProgramData\\DQC Console\\config.json');
    expect(machineSettingsPath('darwin')).toBe(
      '/Library/Application Support/DQC Console/config.json',
    );
  });
});

describe('API URL: http:// only on loopback', () => {
  const apiUrlFrom = (apiUrl: string, log: Logger = silentLogger) =>
    loadSettings(sources({ '/user.json': JSON.stringify({ apiUrl }) }, {}, log)).apiUrl;

  it('accepts https:// for any host', () => {
    expect(apiUrlFrom('https://dqc-api.example.com/')).toBe('https://dqc-api.example.com');
    expect(apiUrlFrom('https://10.0.0.5:8443')).toBe('https://10.0.0.5:8443');
  });

  it('accepts http:// for localhost, 127.0.0.0/8 and ::1', () => {
    for (const url of [
      'http://localhost:8787',
      'http://LOCALHOST:8787',
      'http://127.0.0.1:8787',
      'http://127.12.34.56',
      'http://127.1:8787',
      'http://[::1]:8787',
    ])
      expect(apiUrlFrom(url), url).toBe(url.replace(/\/+$/, ''));
  });

  it('refuses http:// for any other host, with a warning naming the setting', () => {
    for (const url of [
      'http://dqc-api.example.com',
      'http://10.0.0.5:8080',
      'http://128.0.0.1',
      'http://localhost.evil.example',
      'http://127.0.0.1.evil.example',
      'http://[::2]',
      'http://0.0.0.0:8787',
    ]) {
      const warn = vi.fn();
      expect(apiUrlFrom(url, { ...silentLogger, warn }), url).toBeNull();
      expect(warn, url).toHaveBeenCalledWith(
        expect.stringMatching(/apiUrl: http:\/\/ is allowed only for a loopback host/),
      );
    }
  });

  it('refuses it from the environment too, naming apiUrl', () => {
    const warn = vi.fn();
    const settings = loadSettings(
      sources({}, { DQC_API_URL: 'http://dqc-api.example.com' }, { ...silentLogger, warn }),
    );
    expect(settings.apiUrl).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/apiUrl is ignored: http:\/\/ is allowed only for a loopback host/),
    );
  });

  it('still reports a value that is no URL at all', () => {
    const warn = vi.fn();
    expect(apiUrlFrom('not a url', { ...silentLogger, warn })).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('apiUrl'));
  });
});

describe('update settings: the machine-wide file wins', () => {
  const machine = JSON.stringify({
    updateUrl: 'https://updates.corp.example/dqc',
    updateChannel: 'stable',
    updates: false,
  });
  const user = JSON.stringify({
    updateUrl: 'https://user.example/feed',
    updateChannel: 'beta',
    updates: true,
    apiUrl: 'https://user.example',
  });
  const env = {
    DQC_UPDATE_URL: 'https://env.example/feed',
    DQC_UPDATE_CHANNEL: 'nightly',
    DQC_UPDATES: 'true',
    DQC_API_URL: 'https://env.example',
  };

  it('by default: no feed, channel latest, updates on', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      updateUrl: null,
      updateChannel: 'latest',
      updates: true,
    });
  });

  it('over the user file and the environment', () => {
    const report = settingsReport(sources({ '/machine.json': machine, '/user.json': user }, env));
    expect(report.settings).toMatchObject({
      updateUrl: 'https://updates.corp.example/dqc',
      updateChannel: 'stable',
      updates: false,
      // A pinned key the machine-wide file leaves out keeps the usual order: environment first.
      apiUrl: 'https://env.example',
    });
    expect(report.sourceOf).toMatchObject({
      updateUrl: 'machine-wide file',
      updateChannel: 'machine-wide file',
      updates: 'machine-wide file',
      apiUrl: 'environment',
    });
  });

  it('a key the machine-wide file leaves out falls back to environment, then user file', () => {
    const partial = JSON.stringify({ updates: false });
    const report = settingsReport(sources({ '/machine.json': partial, '/user.json': user }, env));
    expect(report.settings).toMatchObject({
      updateUrl: 'https://env.example/feed',
      updateChannel: 'nightly',
      updates: false,
    });
    expect(report.sourceOf).toMatchObject({
      updateUrl: 'environment',
      updateChannel: 'environment',
      updates: 'machine-wide file',
    });
    const userOnly = settingsReport(sources({ '/user.json': user }));
    expect(userOnly.settings.updateChannel).toBe('beta');
    expect(userOnly.sourceOf.updateChannel).toBe('user file');
  });

  it('reads DQC_UPDATES as true/false/1/0 and refuses anything else, naming it', () => {
    expect(loadSettings(sources({}, { DQC_UPDATES: 'false' })).updates).toBe(false);
    expect(loadSettings(sources({}, { DQC_UPDATES: '0' })).updates).toBe(false);
    expect(loadSettings(sources({}, { DQC_UPDATES: 'TRUE' })).updates).toBe(true);
    const warn = vi.fn();
    expect(
      loadSettings(sources({}, { DQC_UPDATES: 'no' }, { ...silentLogger, warn })).updates,
    ).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('updates is ignored'));
  });

  it('takes an https feed, http only on loopback, and a channel that is one word', () => {
    const read = (file: Record<string, unknown>, log: Logger = silentLogger) =>
      settingsReport(sources({ '/machine.json': JSON.stringify(file) }, {}, log));
    expect(read({ updateUrl: 'https://u.example/feed/' }).settings.updateUrl).toBe(
      'https://u.example/feed',
    );
    expect(read({ updateUrl: 'http://127.0.0.1:8080' }).settings.updateUrl).toBe(
      'http://127.0.0.1:8080',
    );
    const bad = read({ updateUrl: 'http://updates.example' });
    expect(bad.settings.updateUrl).toBeNull();
    expect(bad.problems[0]!.reason).toMatch(/updateUrl: http:\/\/ is allowed only for a loopback/);
    for (const channel of ['../x', 'a/b', '', 'beta.yml'])
      expect(read({ updateChannel: channel }).problems[0]!.reason, channel).toMatch(
        /updateChannel/,
      );
    expect(read({ updates: 'false' }).problems[0]!.reason).toMatch(/updates/);
  });
});

describe('IT pins the API host, the password key and the other sign-in and update keys', () => {
  const machine = {
    apiUrl: 'https://dqc-api.corp.example',
    passwordKey: 'corp-key-16bytes',
    signInClientId: 'corp-sign-in',
    refreshClientId: 'corp-refresh',
    keychainService: 'Corp DQC',
  };
  const user = {
    apiUrl: 'https://attacker.example',
    passwordKey: 'user-key-16bytes',
    signInClientId: 'user-sign-in',
    refreshClientId: 'user-refresh',
    keychainService: 'User DQC',
    reviewers: ['u1'],
  };
  const env = {
    DQC_API_URL: 'https://env-attacker.example',
    DQC_PASSWORD_KEY: 'env-key-16-bytes',
    DQC_SIGN_IN_CLIENT_ID: 'env-sign-in',
    DQC_REFRESH_CLIENT_ID: 'env-refresh',
    DQC_KEYCHAIN_SERVICE: 'Env DQC',
    DQC_REQUEST_TIMEOUT: '7',
  };
  const files = (m: object, u: object) => ({
    '/machine.json': JSON.stringify(m),
    '/user.json': JSON.stringify(u),
  });

  it('the list is every key that decides where a password, a token or an installer goes', () => {
    expect([...MACHINE_PINNED_SETTINGS].sort()).toEqual(
      [
        'apiUrl',
        'passwordKey',
        'signInClientId',
        'refreshClientId',
        'keychainService',
        'updateUrl',
        'updateChannel',
        'updates',
      ].sort(),
    );
    // Not the user's own preferences.
    expect(MACHINE_PINNED_SETTINGS).not.toContain('reviewers');
    expect(MACHINE_PINNED_SETTINGS).not.toContain('requestTimeoutSeconds');
  });

  it('ignores the user file and the environment where the machine-wide file sets them', () => {
    const report = settingsReport(sources(files(machine, user), env));
    expect(report.settings).toMatchObject({
      ...machine,
      reviewers: ['u1'],
      requestTimeoutSeconds: 7,
    });
    expect(report.sourceOf).toMatchObject({
      apiUrl: 'machine-wide file',
      passwordKey: 'machine-wide file',
      signInClientId: 'machine-wide file',
      refreshClientId: 'machine-wide file',
      keychainService: 'machine-wide file',
      reviewers: 'user file',
      requestTimeoutSeconds: 'environment',
    });
    expect(apiUrlSourceOf(report)).toBe('machine-wide file');
    // The ignored values were not refused as invalid: the user's file is not a problem.
    expect(report.problems).toEqual([]);
  });

  it('warns for each value it ignores, naming the key (and the variable)', () => {
    const warn = vi.fn();
    settingsReport(sources(files(machine, user), env, { ...silentLogger, warn }));
    const lines = warn.mock.calls.map(([line]) => String(line));
    for (const key of Object.keys(machine)) {
      expect(lines).toContain(
        `${key} from the user's settings file is ignored: the machine-wide settings file sets it, and IT's value cannot be overridden.`,
      );
    }
    expect(lines).toContain(
      "apiUrl from the environment (DQC_API_URL) is ignored: the machine-wide settings file sets it, and IT's value cannot be overridden.",
    );
    expect(lines).toContain(
      "passwordKey from the environment (DQC_PASSWORD_KEY) is ignored: the machine-wide settings file sets it, and IT's value cannot be overridden.",
    );
    expect(lines.filter((line) => line.includes('is ignored: the machine-wide'))).toHaveLength(10);
  });

  it('uses the user file and the environment where the machine-wide file does not set them', () => {
    const onlyUpdates = { updates: false };
    const fromUser = settingsReport(sources(files(onlyUpdates, user)));
    expect(fromUser.settings).toMatchObject({
      apiUrl: 'https://attacker.example',
      passwordKey: 'user-key-16bytes',
    });
    expect(fromUser.sourceOf).toMatchObject({ apiUrl: 'user file', passwordKey: 'user file' });
    const fromEnv = settingsReport(sources(files(onlyUpdates, user), env));
    expect(fromEnv.settings).toMatchObject({
      apiUrl: 'https://env-attacker.example',
      passwordKey: 'env-key-16-bytes',
    });
    expect(fromEnv.sourceOf).toMatchObject({ apiUrl: 'environment', passwordKey: 'environment' });
  });

  it('pins one key without the others: a machine-wide apiUrl leaves the password key free', () => {
    const report = settingsReport(
      sources(files({ apiUrl: machine.apiUrl }, { passwordKey: user.passwordKey }), {
        DQC_API_URL: env.DQC_API_URL,
      }),
    );
    expect(report.settings).toMatchObject({
      apiUrl: machine.apiUrl,
      passwordKey: user.passwordKey,
    });
  });

  it('an unreadable machine-wide file fails closed: pinned keys take their defaults, the rest apply', () => {
    const warn = vi.fn();
    const report = settingsReport(
      sources({ '/machine.json': '{ "apiUrl": ', '/user.json': JSON.stringify(user) }, env, {
        ...silentLogger,
        warn,
      }),
    );
    // What IT meant to pin is unknown: neither the user's file nor the environment sets it.
    expect(report.settings).toMatchObject({
      apiUrl: DEFAULT_SETTINGS.apiUrl,
      passwordKey: DEFAULT_SETTINGS.passwordKey,
      signInClientId: DEFAULT_SETTINGS.signInClientId,
      refreshClientId: DEFAULT_SETTINGS.refreshClientId,
      keychainService: DEFAULT_SETTINGS.keychainService,
      reviewers: ['u1'],
      requestTimeoutSeconds: 7,
    });
    expect(report.problems).toEqual([
      { file: '/machine.json', reason: 'is not valid JSON and is ignored.' },
    ]);
    expect(warn.mock.calls.map(([line]) => String(line))).toContain(
      "apiUrl from the user's settings file is ignored: the machine-wide settings file cannot be read, so what IT pins is unknown and the default applies.",
    );
  });
});

describe('the machine-wide file, read key by key', () => {
  const files = (machine: string, user: object) => ({
    '/machine.json': machine,
    '/user.json': JSON.stringify(user),
  });

  it('a bad entry drops only itself: the other keys still apply and stay pinned', () => {
    const report = settingsReport(
      sources(
        files(
          JSON.stringify({ apiUrl: 'https://corp.example', linkHosts: ['*.x.com'], colour: 1 }),
          { apiUrl: 'https://attacker.example' },
        ),
      ),
    );
    expect(report.settings.apiUrl).toBe('https://corp.example');
    expect(report.settings.linkHosts).toEqual([]);
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]!.reason).toMatch(/^has settings that are ignored: linkHosts\.0: /);
    expect(report.problems[0]!.reason).toContain('colour: not a setting');
  });

  it("a pinned key IT set to a bad value takes its default, not the user's value", () => {
    const report = settingsReport(
      sources(
        files(JSON.stringify({ apiUrl: 'http://corp.example' }), {
          apiUrl: 'https://attacker.example',
          reviewers: ['u1'],
        }),
      ),
    );
    expect(report.settings.apiUrl).toBe(DEFAULT_SETTINGS.apiUrl);
    expect(report.settings.reviewers).toEqual(['u1']);
    expect(report.problems[0]!.reason).toMatch(/apiUrl: http:\/\/ is allowed only for a loopback/);
  });
});

describe("linkHosts: IT's list of hosts whose links open without a confirm", () => {
  it('is empty by default: every link asks', () => {
    expect(DEFAULT_SETTINGS.linkHosts).toEqual([]);
  });

  it('comes from the machine-wide file, as host names in the form links are checked in', () => {
    const report = settingsReport(
      sources({
        '/machine.json': JSON.stringify({ linkHosts: ['X.com', 'twitter.com.', 'bücher.de'] }),
      }),
    );
    expect(report.settings.linkHosts).toEqual(['x.com', 'twitter.com', 'xn--bcher-kva.de']);
    expect(report.sourceOf.linkHosts).toBe('machine-wide file');
  });

  it("is never taken from the user's file, which a program running as the user can write", () => {
    const warn = vi.fn();
    const report = settingsReport(
      sources(
        {
          '/machine.json': JSON.stringify({ linkHosts: ['x.com'] }),
          '/user.json': JSON.stringify({ linkHosts: ['evil.example'], reviewers: ['u1'] }),
        },
        {},
        { ...silentLogger, warn },
      ),
    );
    expect(report.settings.linkHosts).toEqual(['x.com']);
    // The rest of the user's file still applies.
    expect(report.settings.reviewers).toEqual(['u1']);
    expect(warn).toHaveBeenCalledWith(
      "linkHosts from the user's settings file is ignored: only the machine-wide settings file may set it.",
    );
    const userOnly = settingsReport(
      sources({ '/user.json': JSON.stringify({ linkHosts: ['evil.example'] }) }),
    );
    expect(userOnly.settings.linkHosts).toEqual([]);
    expect(userOnly.sourceOf.linkHosts).toBe('default');
  });

  it('refuses an entry that would list more than a host, naming it', () => {
    for (const entry of ['com', 'https://x.com', '*.x.com', 'x.com/path', '10.0.0.1']) {
      const report = settingsReport(
        sources({ '/machine.json': JSON.stringify({ linkHosts: ['x.com', entry] }) }),
      );
      expect(report.problems[0]?.reason, entry).toMatch(/linkHosts\.1: .* is not a host name/);
      expect(report.settings.linkHosts).toEqual([]);
    }
  });
});
