import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/app/App';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import {
  API_SOURCE_TEXT,
  MEMORY_WARNING,
  NO_LOG_FOLDER_TEXT,
  PINNED_TEXT,
  PRECEDENCE_TEXT,
} from '../../../src/renderer/features/about/aboutTexts';
import { formatLocalTime } from '../../../src/renderer/ui/dates';
import type { AppInfo } from '../../../src/shared/bridge';
import {
  ALL_DEFAULT_SOURCES,
  outOfSupportText,
  type UpdateStatus,
} from '../../../src/shared/desktop';
import { MESSAGES } from '../../../src/shared/messages';
import { appInfo, fail, fakeBridge, ok, signedIn } from './fakeBridge';

beforeEach(() => {
  window.location.hash = '';
  window.localStorage.clear();
});
afterEach(() => setBridge(null));

const desktopInfo: AppInfo = {
  ...appInfo,
  version: '1.4.2',
  demo: false,
  apiUrl: 'https://dqc-api.example.com',
  shell: 'electron',
  desktop: {
    apiUrlSource: 'machine-wide file',
    settingSources: {
      ...ALL_DEFAULT_SOURCES,
      apiUrl: 'machine-wide file',
      passwordKey: 'machine-wide file',
      requestTimeoutSeconds: 'machine-wide file',
      reviewers: 'user file',
      keychainService: 'environment',
    },
    settingsFiles: {
      user: '/home/r/.config/DQC Console/settings.json',
      machine: '/etc/dqc-console/config.json',
    },
    secretStore: 'keychain',
    logFolder: '/home/r/.config/DQC Console/logs',
    electron: { status: 'supported', version: '45.4.1' },
  },
};

function renderAbout(
  info: AppInfo = desktopInfo,
  status: UpdateStatus = { state: 'idle', checkedAt: null },
  extra: Parameters<typeof fakeBridge>[0] = {},
) {
  const bridge = fakeBridge({
    'app.info': () => ok(info),
    'session.get': () => ok(signedIn),
    'app.updateStatus': () => ok(status),
    ...extra,
  });
  window.location.hash = '#/about';
  setBridge(bridge);
  render(<App />);
  return bridge;
}

const region = (name: string) => screen.findByRole('region', { name });

describe('About & Settings', () => {
  it('is the last entry of the side menu and shows the version and the shell', async () => {
    renderAbout();
    expect(await screen.findByRole('heading', { level: 1, name: 'About & Settings' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.at(-1)!.textContent).toBe('About & Settings');
    expect(links.at(-1)!.getAttribute('aria-current')).toBe('page');
    const about = await region('This console');
    expect(about.textContent).toContain('1.4.2');
    expect(about.textContent).toContain('Desktop app');
  });

  it('names the Electron release, with no warning while it is supported', async () => {
    renderAbout();
    const about = await region('This console');
    expect(about.textContent).toContain('Electron45.4.1');
    expect(within(about).queryByRole('alert')).toBeNull();
  });

  it('warns on About when the Electron release is out of support', async () => {
    const electron = {
      status: 'out-of-support',
      version: '42.3.1',
      endedOn: '2026-10-20',
    } as const;
    renderAbout({ ...desktopInfo, desktop: { ...desktopInfo.desktop, electron } });
    const about = await region('This console');
    expect(within(about).getByRole('alert').textContent).toBe(outOfSupportText(electron));
  });

  it('says browser mode in browser mode', async () => {
    renderAbout({ ...appInfo, shell: 'browser' });
    const about = await region('This console');
    expect(about.textContent).toContain('Browser mode');
    expect(about.textContent).not.toContain('Electron');
  });

  it.each([
    ['environment', 'The DQC_API_URL environment variable'],
    ['user file', 'Your settings file'],
    ['machine-wide file', 'The machine-wide settings file installed by IT'],
    ['demo', 'No API host is set, so the console runs its embedded demo server'],
  ] as const)('says the API host came from the %s', async (source, sentence) => {
    renderAbout({ ...desktopInfo, desktop: { ...desktopInfo.desktop, apiUrlSource: source } });
    const server = await region('Server');
    expect(server.textContent).toContain('https://dqc-api.example.com');
    expect(API_SOURCE_TEXT[source]).toContain(sentence);
    expect(server.textContent).toContain(`Set by${API_SOURCE_TEXT[source]}`);
    expect(server.textContent).toContain(PRECEDENCE_TEXT);
  });

  it('names both settings files, or says a shell has none', async () => {
    renderAbout();
    const server = await region('Server');
    expect(server.textContent).toContain('/home/r/.config/DQC Console/settings.json');
    expect(server.textContent).toContain('/etc/dqc-console/config.json');
  });

  it('says when a shell reads no settings file', async () => {
    renderAbout({
      ...desktopInfo,
      desktop: { ...desktopInfo.desktop, settingsFiles: { user: null, machine: null } },
    });
    const server = await region('Server');
    expect(server.textContent).toContain('Your settings fileNone in this shell');
    expect(server.textContent).toContain('Machine-wide settings fileNone in this shell');
  });

  it('says where each setting came from, and which ones IT has pinned', async () => {
    renderAbout();
    const settings = await region('Settings');
    const row = (key: string) =>
      within(settings).getByText(key, { selector: 'code' }).closest('tr')!.textContent;
    expect(row('apiUrl')).toBe(
      'apiUrlThe machine-wide settings file installed by IT (pinned: your settings file and the environment cannot change it)',
    );
    expect(row('passwordKey')).toContain('(pinned:');
    // IT's file set it, but it is not one IT pins.
    expect(row('requestTimeoutSeconds')).toBe(
      'requestTimeoutSecondsThe machine-wide settings file installed by IT',
    );
    expect(row('reviewers')).toBe('reviewersYour settings file');
    expect(row('keychainService')).toBe(
      'keychainServiceThe DQC_KEYCHAIN_SERVICE environment variable',
    );
    expect(row('updateUrl')).toBe('updateUrlDefault');
    expect(settings.textContent).toContain(PINNED_TEXT);
    expect(PINNED_TEXT).toContain('apiUrl, passwordKey,');
    // No value is shown: the password key is not for the screen.
    expect(settings.textContent).not.toContain('0123456789abcdef');
  });

  it('names the keychain backend, and warns when the session lives in memory only', async () => {
    renderAbout();
    expect((await region('Sign-in storage')).textContent).toContain('keychain');
    expect(screen.queryByText(MEMORY_WARNING)).toBeNull();
  });

  it('warns that a memory-only session is not remembered', async () => {
    renderAbout({ ...desktopInfo, desktop: { ...desktopInfo.desktop, secretStore: 'memory' } });
    const storage = await region('Sign-in storage');
    expect(storage.textContent).toContain('Memory only');
    expect(within(storage).getByRole('alert').textContent).toContain(MEMORY_WARNING);
  });

  it('says safeStorage keeps the session in an encrypted file', async () => {
    renderAbout({
      ...desktopInfo,
      desktop: { ...desktopInfo.desktop, secretStore: 'safeStorage' },
    });
    expect((await region('Sign-in storage')).textContent).toContain('encrypted file');
  });

  it('shows the log folder and opens it', async () => {
    const bridge = renderAbout(desktopInfo, undefined, {
      'app.openLogFolder': () => ok(null),
    });
    const logs = await region('Logs');
    expect(logs.textContent).toContain('/home/r/.config/DQC Console/logs');
    await userEvent.click(within(logs).getByRole('button', { name: 'Open logs folder' }));
    expect(bridge.invoke).toHaveBeenCalledWith('app.openLogFolder', undefined);
  });

  it('says why a folder that cannot be opened was not', async () => {
    renderAbout(desktopInfo, undefined, {
      'app.openLogFolder': () => fail(500, 'OPEN_FAILED', 'The file manager could not be started.'),
    });
    await userEvent.click(
      within(await region('Logs')).getByRole('button', { name: 'Open logs folder' }),
    );
    expect(await screen.findByText('The file manager could not be started.')).toBeTruthy();
  });

  it('in browser mode says why there is no log folder, with no button', async () => {
    renderAbout({
      ...appInfo,
      desktop: { ...appInfo.desktop, logFolder: null },
    });
    const logs = await region('Logs');
    expect(logs.textContent).toBe(`Logs${NO_LOG_FOLDER_TEXT.browser}`);
    expect(within(logs).queryByRole('button')).toBeNull();
  });
});

describe('About & Settings: updates', () => {
  const updates = () => region('Updates');

  it('off: says why, with no check button', async () => {
    renderAbout(desktopInfo, { state: 'off', reason: 'IT turned updates off on this machine.' });
    const section = await updates();
    await waitFor(() =>
      expect(section.textContent).toContain(
        'Updates are off. IT turned updates off on this machine.',
      ),
    );
    expect(within(section).queryByRole('button', { name: 'Check for updates' })).toBeNull();
  });

  it('off on an unsigned build: says it could not verify an update, with no check button', async () => {
    renderAbout(desktopInfo, { state: 'off', reason: MESSAGES.updatesUnsigned });
    const section = await updates();
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toBe(
        'Updates are off. This build is not signed, so an update could not be verified.',
      ),
    );
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('idle: when it last checked, or that it has not yet', async () => {
    const checkedAt = '2025-03-04T09:30:00.000Z';
    renderAbout(desktopInfo, { state: 'idle', checkedAt });
    const section = await updates();
    await waitFor(() =>
      expect(section.textContent).toContain(
        `Up to date. Last checked ${formatLocalTime(checkedAt)}.`,
      ),
    );
    expect(formatLocalTime(checkedAt)).toMatch(/^\d{1,2} Mar 2025, \d\d:\d\d$/);
  });

  it('idle before the first check, then checks when asked', async () => {
    const bridge = renderAbout(
      desktopInfo,
      { state: 'idle', checkedAt: null },
      {
        'app.checkForUpdates': () => ok({ state: 'checking' }),
      },
    );
    const section = await updates();
    await waitFor(() => expect(section.textContent).toContain('Not checked yet.'));
    await userEvent.click(within(section).getByRole('button', { name: 'Check for updates' }));
    expect(bridge.invoke).toHaveBeenCalledWith('app.checkForUpdates', undefined);
    await waitFor(() => expect(section.textContent).toContain('Checking for updates…'));
    // No second check while one runs.
    expect(
      (within(section).getByRole('button', { name: /Check for updates/ }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('follows the updater live: checking, downloading with a bar, ready, error', async () => {
    const bridge = renderAbout();
    const section = await updates();
    await waitFor(() => expect(section.textContent).toContain('Not checked yet.'));

    act(() => bridge.push({ type: 'app.update', status: { state: 'checking' } }));
    expect(section.textContent).toContain('Checking for updates…');

    act(() =>
      bridge.push({
        type: 'app.update',
        status: { state: 'downloading', version: '1.5.0', percent: 41.6 },
      }),
    );
    expect(section.textContent).toContain('Downloading version 1.5.0.');
    const bar = within(section).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('42');

    act(() => bridge.push({ type: 'app.update', status: { state: 'ready', version: '1.5.0' } }));
    expect(section.textContent).toContain('Version 1.5.0 is ready.');
    expect(within(section).getByRole('button', { name: 'Restart to update' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Check for updates' })).toBeNull();

    act(() =>
      bridge.push({
        type: 'app.update',
        status: {
          state: 'error',
          message: 'The update feed could not be reached.',
          checkedAt: '2025-03-04T09:30:00.000Z',
        },
      }),
    );
    expect(within(section).getByRole('alert').textContent).toContain(
      'The last update check failed: The update feed could not be reached.',
    );
    expect(within(section).getByRole('button', { name: 'Check for updates' })).toBeTruthy();
  });

  it('restarts to update from the screen when nothing is unsaved', async () => {
    const bridge = renderAbout(
      desktopInfo,
      { state: 'ready', version: '1.5.0' },
      {
        'app.restartToUpdate': () => ok(null),
      },
    );
    const section = await updates();
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Restart to update' }),
    );
    expect(bridge.invoke).toHaveBeenCalledWith('app.restartToUpdate', undefined);
  });
});
