import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { createStore } from 'jotai';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import type { SetViewsPayload } from './viewsFakes';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { appInfoAtom } from '../../../src/renderer/session/sessionAtoms';
import { prefsViewAtom } from '../../../src/renderer/domain/prefs/prefsState';
import { ResourcePage } from '../../../src/renderer/domain/resource/ResourcePage';
import { resourceState } from '../../../src/renderer/ui/resource/resourceState';
import type { ResourceView } from '../../../src/renderer/ui/resource/types';
import { appInfo } from './fakeBridge';
import { prefsBridge } from './viewsFakes';
import { TestProviders } from './testProviders';

/**
 * Saved views on a kit list (docs/user-guide.md, A reviewer's shift): Save view, the Views menu,
 * alt+1 … alt+9, Manage views (rename, reorder, delete, export, import) and Copy link, against a
 * fake of core's prefs channels.
 */

const userEvent = userEventLib.setup({ pointerEventsCheck: 0, delay: null });

type Row = { id: number; name: string };
type Filter = { contains: string };

function makeView() {
  const fetch = vi.fn(async ({ contains }: Filter) =>
    ['btc', 'eth', 'bnb', 'btc cash']
      .filter((name) => name.includes(contains))
      .map((name, i) => ({ id: i + 1, name })),
  );
  const view: ResourceView<Row, Filter> = {
    label: 'Coins',
    filter: { label: 'Coin filter', fields: [{ name: 'contains', label: 'Contains' }] },
    state: resourceState<Row, Filter>({ contains: '' }),
    paging: { kind: 'client', pageSize: 10, fetch },
    rowKey: (row) => String(row.id),
    columns: [
      { title: 'Id', dataIndex: 'id' },
      { title: 'Name', dataIndex: 'name' },
    ],
  };
  return { view, fetch };
}

const router: { location: Location | null } = { location: null };
function Probe() {
  const location = useLocation();
  useEffect(() => {
    router.location = location;
  });
  return null;
}

function open(entry = '/coins', shell: 'browser' | 'electron' = 'browser') {
  const fake = prefsBridge();
  setBridge(fake.bridge);
  const store = createStore();
  store.set(prefsViewAtom, { prefs: fake.prefs(), sessionStartedAt: null });
  store.set(appInfoAtom, { ...appInfo, shell });
  const { view, fetch } = makeView();
  render(
    <TestProviders store={store}>
      <MemoryRouter initialEntries={[entry]}>
        <Probe />
        <ResourcePage view={view} title="Coins" />
      </MemoryRouter>
    </TestProviders>,
  );
  return { ...fake, fetch, store };
}

const box = () => screen.getByLabelText('Contains') as HTMLInputElement;
const names = () =>
  Array.from(document.querySelectorAll('tr[data-row-key] td:nth-child(2)')).map(
    (td) => td.textContent,
  );
const dialog = (name: string) => screen.getByRole('dialog', { name });

async function filterBy(text: string) {
  await userEvent.clear(box());
  if (text) await userEvent.type(box(), text);
  await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
}

async function saveView(name: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Save view' }));
  const modal = await waitFor(() => dialog('Save view'));
  await userEvent.type(within(modal).getByLabelText('Name'), name);
  await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));
}

async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: /Views/ }));
  return waitFor(() => screen.getByRole('menu'));
}

beforeEach(() => {
  router.location = null;
});
afterEach(() => {
  setBridge(null);
  vi.restoreAllMocks();
});

describe('saved views of a kit list', () => {
  it('saves the current filters (without the page) under a name, and lists them with their keys', async () => {
    const { calls } = open('/coins?contains=btc&page=1');
    await waitFor(() => expect(names()).toEqual(['btc', 'btc cash']));
    await saveView('Bitcoin');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const payload = calls('prefs.setViews')[0] as SetViewsPayload;
    expect(payload.path).toBe('/coins');
    expect(payload.views).toEqual([
      { id: expect.any(String), name: 'Bitcoin', query: 'contains=btc' },
    ]);
    const menu = await openMenu();
    expect(within(menu).getByText('Bitcoin')).toBeTruthy();
    expect(within(menu).getByText('alt+1')).toBeTruthy();
  });

  it('needs a name, and refuses one the screen has with core message, keeping what was typed', async () => {
    const { calls } = open('/coins?contains=eth');
    await userEvent.click(screen.getByRole('button', { name: 'Save view' }));
    const modal = await waitFor(() => dialog('Save view'));
    await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(modal).getByText('A view needs a name')).toBeTruthy());
    expect(calls('prefs.setViews')).toHaveLength(0);
    await userEvent.type(within(modal).getByLabelText('Name'), 'Mine');
    await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await saveView('mine');
    const again = dialog('Save view');
    await waitFor(() =>
      expect(within(again).getByText('A view named "mine" already exists.')).toBeTruthy(),
    );
    expect((within(again).getByLabelText('Name') as HTMLInputElement).value).toBe('mine');
  });

  it('opens a view from the menu and with alt+1, also from inside a filter box', async () => {
    open('/coins?contains=btc');
    await waitFor(() => expect(names()).toEqual(['btc', 'btc cash']));
    await saveView('Bitcoin');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await filterBy('eth');
    await waitFor(() => expect(names()).toEqual(['eth']));
    const menu = await openMenu();
    await userEvent.click(within(menu).getByText('Bitcoin'));
    await waitFor(() => expect(names()).toEqual(['btc', 'btc cash']));
    expect(router.location?.search).toBe('?contains=btc');
    expect(box().value).toBe('btc');

    await filterBy('bnb');
    await waitFor(() => expect(names()).toEqual(['bnb']));
    box().focus();
    await userEvent.keyboard('{Alt>}1{/Alt}');
    await waitFor(() => expect(names()).toEqual(['btc', 'btc cash']));
    expect(box().value).toBe('btc');
  });

  it('alt+1 does nothing inside a dialog', async () => {
    open('/coins?contains=btc');
    await saveView('Bitcoin');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await filterBy('eth');
    await waitFor(() => expect(names()).toEqual(['eth']));
    // The list writes its query once the answer is painted (useFilterInUrl.ts).
    await waitFor(() => expect(router.location?.search).toBe('?contains=eth'));
    await userEvent.click(screen.getByRole('button', { name: 'Save view' }));
    const modal = await waitFor(() => dialog('Save view'));
    within(modal).getByLabelText('Name').focus();
    await userEvent.keyboard('{Alt>}1{/Alt}');
    expect(router.location?.search).toBe('?contains=eth');
  });

  it('renames in place, moves up and down, and deletes', async () => {
    const { calls, bridge } = open('/coins?contains=btc');
    await saveView('One');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await filterBy('eth');
    await saveView('Two');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(await openMenu()).getByText('Manage views…'));
    const modal = await waitFor(() => dialog('Manage views'));
    const list = () => within(modal).getByRole('list', { name: 'Saved views' });
    const shown = () =>
      within(list())
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(shown()[0]).toContain('1. One');

    await userEvent.click(within(modal).getByRole('button', { name: 'Rename One' }));
    const input = within(modal).getByLabelText('New name of One');
    await userEvent.clear(input);
    await userEvent.type(input, 'Two{Enter}');
    await waitFor(() =>
      expect(within(modal).getByText('A view named "Two" already exists.')).toBeTruthy(),
    );
    await userEvent.clear(input);
    await userEvent.type(input, 'Bitcoin{Enter}');
    await waitFor(() => expect(shown()[0]).toContain('1. Bitcoin'));

    await userEvent.click(within(modal).getByRole('button', { name: 'Move down: Bitcoin' }));
    await waitFor(() => expect(shown()[0]).toContain('1. Two'));
    expect(shown()[1]).toContain('2. Bitcoin');
    // alt+1 now opens the view that moved first.
    await userEvent.click(within(modal).getByRole('button', { name: 'Move up: Bitcoin' }));
    await waitFor(() => expect(shown()[0]).toContain('1. Bitcoin'));

    await userEvent.click(within(modal).getByRole('button', { name: 'Delete Two' }));
    await waitFor(() => expect(shown()).toHaveLength(1));
    const last = calls('prefs.setViews').at(-1) as SetViewsPayload;
    expect(last.views.map((v) => v.name)).toEqual(['Bitcoin']);
    expect(bridge.invoke).toHaveBeenCalled();
  });

  it('imports a views file and says how many were added, or why it was refused', async () => {
    const { calls } = open('/coins');
    await userEvent.click(within(await openMenu()).getByText('Manage views…'));
    const modal = await waitFor(() => dialog('Manage views'));
    const file = new File(
      [
        JSON.stringify({
          format: 'dqc-console-views',
          version: 1,
          views: {
            '/coins': [
              { id: 'a', name: 'Alpha', query: 'contains=b' },
              { id: 'b', name: 'Beta', query: 'contains=e' },
            ],
          },
        }),
      ],
      'views.json',
      { type: 'application/json' },
    );
    await userEvent.upload(within(modal).getByLabelText('Views file to import'), file);
    await waitFor(() =>
      expect(within(modal).getByText('Added 2 views (0 already there).')).toBeTruthy(),
    );
    expect(calls('prefs.importViews')).toHaveLength(1);
    const list = within(modal).getByRole('list', { name: 'Saved views' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await userEvent.upload(
      within(modal).getByLabelText('Views file to import'),
      new File(['not json'], 'bad.json', { type: 'application/json' }),
    );
    await waitFor(() =>
      expect(within(modal).getByText('This file is not a views file.')).toBeTruthy(),
    );
  });

  it('exports the views: browser mode downloads the file core wrote', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = open('/coins');
    await userEvent.click(within(await openMenu()).getByText('Manage views…'));
    const modal = await waitFor(() => dialog('Manage views'));
    await userEvent.click(within(modal).getByRole('button', { name: 'Export views' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls('prefs.exportViews')).toHaveLength(1);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.href).toBe('http://127.0.0.1:9/download/1');
    expect(anchor.download).toBe('dqc-views-2026-01-01.json');
  });
});

describe('Copy link', () => {
  it('copies the page address in browser mode', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open('/coins?contains=btc');
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(screen.getByText('Link copied.')).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/#/coins?contains=btc`);
  });

  it('copies a dqc-console:// link in the desktop app', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open('/coins?contains=btc', 'electron');
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith('dqc-console://open/coins?contains=btc'),
    );
  });

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    const writeText = vi.fn(async () => {
      throw new Error('denied');
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open('/coins?contains=eth', 'electron');
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    const modal = await waitFor(() => dialog('Copy link'));
    expect((within(modal).getByLabelText('Link to this screen') as HTMLTextAreaElement).value).toBe(
      'dqc-console://open/coins?contains=eth',
    );
    act(() => undefined);
  });
});
