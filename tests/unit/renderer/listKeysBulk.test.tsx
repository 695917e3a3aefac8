import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import type { RecordRunView } from '../../../src/shared/workbench/recordRuns';
import { fakeBridge, ok } from './fakeBridge';
import { renderScreenAt } from './testProviders';

/**
 * A reference list worked from the keyboard and in bulk (issue 49): the user's keys move through
 * the records and press the focused row's buttons; chosen records are deleted as one core run after
 * a confirm that names them and says none can be undone; the run's outcome is shown and the list is
 * read again.
 */

afterEach(() => setBridge(null));
const userEvent = userEventLib.setup({ pointerEventsCheck: 0, delay: null });

const URLS = [1, 2, 3, 4].map((n) => ({
  url: `https://x${n}.io`,
  uniqueName: `coin-${n}`,
  name: `Coin ${n}`,
  specific: false,
}));

function renderUrls() {
  const started: unknown[] = [];
  let reads = 0;
  const view = (status: RecordRunView['status']): RecordRunView => ({
    id: 'run-1',
    label: 'Delete 3 explorer urls',
    channel: 'mismatches.deleteMismatchExplorerUrl',
    status,
    total: 3,
    done: status === 'done' ? 2 : 0,
    failed: status === 'done' ? [{ target: 'https://x3.io', message: 'Server error' }] : [],
    left: 0,
    stopped: null,
    startedAt: '2026-12-02T10:00:00Z',
    finishedAt: status === 'done' ? '2026-12-02T10:00:01Z' : null,
  });
  const bridge = fakeBridge({
    'mismatches.getMismatchExplorerUrls': () => {
      reads += 1;
      return ok(URLS);
    },
    'recordRuns.start': (payload) => {
      started.push(payload);
      return ok(view('running'));
    },
    'recordRuns.get': () => ok(view('done')),
  });
  setBridge(bridge);
  return { started, reads: () => reads };
}

async function openUrls() {
  await renderScreenAt('/mismatches/get-explorerUrls');
  await screen.findByText('https://x1.io');
}

const rowOf = (url: string) => screen.getByText(url).closest('tr')!;

describe('a reference list by keys', () => {
  it('moves through the records and presses the focused row’s Delete, which asks first', async () => {
    renderUrls();
    await openUrls();
    await userEvent.keyboard('j');
    expect(rowOf('https://x1.io').contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('jj');
    expect(rowOf('https://x3.io').contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('k');
    expect(rowOf('https://x2.io').contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Shift>}d{/Shift}');
    const confirm = await screen.findByText('Are you sure you want to delete this Url');
    expect(confirm).toBeTruthy();
  });

  it('the help key lists the lists’ own keys', async () => {
    renderUrls();
    await openUrls();
    await userEvent.keyboard('{Shift>}[Slash]{/Shift}');
    const help = await screen.findByText('Keyboard shortcuts');
    const dialog = help.closest<HTMLElement>('[role="dialog"]')!;
    expect(
      within(dialog).getByText('Lists: Delete the focused record (asks to confirm)'),
    ).toBeTruthy();
  });
});

describe('a bulk run on a reference list', () => {
  it('chooses by keys, names the records and says they cannot be undone, then runs in core', async () => {
    const { started, reads } = renderUrls();
    await openUrls();
    // x chooses the focused record; shift+x the range from the last chosen one.
    await userEvent.keyboard('jx');
    await userEvent.keyboard('jj{Shift>}x{/Shift}');
    const bar = await screen.findByRole('group', { name: 'Chosen records' });
    expect(bar.textContent).toContain('3 chosen');
    await userEvent.click(within(bar).getByRole('button', { name: 'Delete chosen' }));
    const question = await screen.findByText(
      /Delete 3 explorer urls: https:\/\/x1\.io, https:\/\/x2\.io, https:\/\/x3\.io\?/,
    );
    const dialog = question.closest<HTMLElement>('[role="dialog"]')!;
    expect(dialog.textContent).toContain(
      'None of these 3 can be undone. A deleted url cannot be brought back: no SPEC.md call adds a mismatched url.',
    );
    const before = reads();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes!' }));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toEqual({
      label: 'Delete 3 explorer urls',
      channel: 'mismatches.deleteMismatchExplorerUrl',
      items: [1, 2, 3].map((n) => ({
        target: `https://x${n}.io`,
        payload: {
          uniqueName: `coin-${n}`,
          url: `https://x${n}.io`,
          name: `Coin ${n}`,
          isSpecific: false,
          // The record as the list showed it, for the journal.
          shownRecord: {
            target: `https://x${n}.io`,
            fields: {
              url: `https://x${n}.io`,
              uniqueName: `coin-${n}`,
              name: `Coin ${n}`,
              specific: false,
            },
          },
        },
      })),
    });
    const outcome = await screen.findByText('Delete 3 explorer urls: done: 2 of 3 written, 1 not');
    expect(outcome).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Not written' }).textContent).toBe(
      'https://x3.io: Server error',
    );
    // The list is read again once the run has ended, and nothing stays chosen.
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    expect(screen.queryByRole('group', { name: 'Chosen records' })).toBeNull();
  });
});
