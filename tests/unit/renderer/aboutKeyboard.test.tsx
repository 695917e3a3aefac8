import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { KeyboardSection } from '../../../src/renderer/features/about/KeyboardSection';
import { keyFromEvent } from '../../../src/renderer/features/about/keyFromEvent';
import { usePrefsFeed } from '../../../src/renderer/domain/prefs/prefsState';
import {
  keyConflict,
  keyConflictMessage,
  keyMapOf,
  SHORTCUT_ACTIONS,
  type ShortcutId,
} from '../../../src/shared/keys';
import { DEFAULT_PREFS, type UserPrefs } from '../../../src/shared/prefs';
import { fail, fakeBridge, ok } from './fakeBridge';
import { TestProviders } from './testProviders';

afterEach(() => setBridge(null));

function WithPrefs({ children }: { children: ReactNode }) {
  usePrefsFeed();
  return children;
}

/** Settings' Keyboard section over a fake core that keeps the keys as core does. */
function renderKeyboard(refuse?: string) {
  let keys: UserPrefs['keys'] = {};
  const prefs = (): UserPrefs => ({ ...DEFAULT_PREFS, keys });
  const bridge = fakeBridge({
    'prefs.get': () => ok({ prefs: prefs(), sessionStartedAt: null }),
    'prefs.setKeys': (payload) => {
      if (refuse) return fail(409, 'KEY_TAKEN', refuse);
      const { action, keys: given } = payload as { action: ShortcutId; keys: string[] };
      const conflict = keyConflict(keyMapOf(keys), action, given);
      if (conflict) return fail(409, 'KEY_TAKEN', keyConflictMessage(conflict));
      keys = { ...keys, [action]: given };
      return ok(prefs());
    },
    'prefs.resetKeys': () => {
      keys = {};
      return ok(prefs());
    },
  });
  setBridge(bridge);
  render(
    <TestProviders store={createStore()}>
      <WithPrefs>
        <KeyboardSection />
      </WithPrefs>
    </TestProviders>,
  );
  const sent = (channel: string) =>
    bridge.invoke.mock.calls.filter(([called]) => called === channel).map(([, payload]) => payload);
  return { sent };
}

const ELIMINATE = SHORTCUT_ACTIONS.find((a) => a.id === 'eliminate')!.label;
const SELECT = SHORTCUT_ACTIONS.find((a) => a.id === 'select')!.label;
// By the table's row keys and by labels: role queries over a table of 21 rows take minutes in jsdom.
const rowOf = (id: ShortcutId) => {
  const row = document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`);
  if (!row) throw new Error(`no row for ${id}`);
  return row;
};
const alertIn = (id: ShortcutId) => rowOf(id).querySelector('[role="alert"]');
const changeButton = (label: string) => screen.getByLabelText(`Change the keys of ${label}`);

describe('keyFromEvent', () => {
  const press = (code: string, mods: Partial<KeyboardEvent> = {}) =>
    keyFromEvent({
      code,
      key: '',
      ctrlKey: false,
      altKey: false,
      shiftKey: false,
      metaKey: false,
      ...mods,
    });
  it('names keys as the defaults do, modifiers first', () => {
    expect(press('KeyD')).toBe('d');
    expect(press('ArrowDown')).toBe('down');
    expect(press('BracketRight')).toBe('bracketright');
    expect(press('Slash', { shiftKey: true })).toBe('shift+slash');
    expect(press('KeyZ', { metaKey: true, ctrlKey: true })).toBe('ctrl+meta+z');
    expect(press('Digit1', { altKey: true })).toBe('alt+1');
    expect(press('F2')).toBe('f2');
  });
  it('waits for a key after a modifier alone', () => {
    expect(press('ShiftLeft', { shiftKey: true })).toBeNull();
    expect(press('ControlRight', { ctrlKey: true })).toBeNull();
  });
});

describe('Settings, Keyboard', () => {
  it('lists every shortcut with its keys, saved views included', async () => {
    renderKeyboard();
    for (const action of SHORTCUT_ACTIONS) {
      expect(rowOf(action.id).textContent).toContain(action.label);
      expect(rowOf(action.id).querySelector('button')?.getAttribute('aria-label')).toBe(
        `Change the keys of ${action.label}`,
      );
    }
    expect(rowOf('next').textContent).toContain('j or ↓');
    expect(rowOf('openView9').textContent).toContain('alt+9');
    expect(rowOf('help').textContent).toContain('?');
  });

  it('Change records the next key; Escape cancels without saving', async () => {
    const { sent } = renderKeyboard();
    await userEvent.click(changeButton(ELIMINATE));
    const box = screen.getByLabelText(`New key for ${ELIMINATE}`);
    expect(document.activeElement).toBe(box);
    expect((box as HTMLInputElement).value).toBe('Press the new key…');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByLabelText(`New key for ${ELIMINATE}`)).toBeNull();
    expect(sent('prefs.setKeys')).toEqual([]);
    expect(rowOf('eliminate').querySelector('kbd')?.textContent).toBe('e');
  });

  it("refuses a key another action holds with that action's name, then keeps a free one", async () => {
    const { sent } = renderKeyboard();
    await userEvent.click(changeButton(ELIMINATE));
    await userEvent.keyboard('s');
    expect(alertIn('eliminate')?.textContent).toBe(`s is already used by "${SELECT}".`);
    expect(sent('prefs.setKeys')).toEqual([]);
    // Still recording: the next key is tried.
    await userEvent.keyboard('d');
    await waitFor(() =>
      expect(sent('prefs.setKeys')).toEqual([{ action: 'eliminate', keys: ['d'] }]),
    );
    await waitFor(() => expect(rowOf('eliminate').querySelector('kbd')?.textContent).toBe('d'));
    expect(alertIn('eliminate')).toBeNull();
    // The Change button has the keyboard again.
    await waitFor(() => expect(document.activeElement).toBe(changeButton(ELIMINATE)));
    // Modifiers go first, with the names the defaults use.
    await userEvent.click(changeButton('Next page'));
    await userEvent.keyboard('{Control>}]{/Control}');
    await waitFor(() =>
      expect(sent('prefs.setKeys')).toContainEqual({
        action: 'nextPage',
        keys: ['ctrl+bracketright'],
      }),
    );
  });

  it("shows core's refusal next to the row", async () => {
    renderKeyboard('d is already used by "Something else".');
    await userEvent.click(changeButton(ELIMINATE));
    await userEvent.keyboard('d');
    await waitFor(() =>
      expect(alertIn('eliminate')?.textContent).toBe('d is already used by "Something else".'),
    );
  });

  it('Reset to defaults gives every action its default keys back', async () => {
    const { sent } = renderKeyboard();
    await userEvent.click(changeButton(ELIMINATE));
    await userEvent.keyboard('d');
    await waitFor(() => expect(rowOf('eliminate').querySelector('kbd')?.textContent).toBe('d'));
    await userEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    await waitFor(() => expect(sent('prefs.resetKeys')).toHaveLength(1));
    await waitFor(() => expect(rowOf('eliminate').querySelector('kbd')?.textContent).toBe('e'));
  });
});
