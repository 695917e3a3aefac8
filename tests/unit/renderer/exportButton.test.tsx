import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { ExportButton } from '../../../src/renderer/domain/export/ExportButton';
import type { ExportSource, ExportView } from '../../../src/shared/export';
import { fail, fakeBridge, ok } from './fakeBridge';

afterEach(() => {
  setBridge(null);
  vi.restoreAllMocks();
});

const source: ExportSource = {
  kind: 'review',
  filterType: 'tweets',
  filter: {
    startDate: '2024-01-01T00:00',
    endDate: null,
    isEliminated: 'null',
    isManuallyChanged: 'null',
    isReviewed: 'null',
    reviewedBy: null,
    sortBy: 'desc',
    startIndex: 0,
    keyword: 'spam',
  },
} as ExportSource;

const columns = [
  { key: 'message', title: 'Message' },
  { key: 'nlpDecisionRatio', title: 'Ratio' },
];

function view(over: Partial<ExportView> = {}): ExportView {
  return {
    id: 'e1',
    status: 'running',
    format: 'csv',
    written: 0,
    total: 300,
    fileName: 'review-tweets-2026-11-24.csv',
    savedTo: null,
    downloadUrl: null,
    message: null,
    ...over,
  };
}

function renderButton(answers: Parameters<typeof fakeBridge>[0], total: number | null = 300) {
  const bridge = fakeBridge(answers);
  setBridge(bridge);
  render(
    <AntApp>
      <ExportButton
        label="Review: tweets"
        fileName="review-tweets"
        source={() => source}
        columns={columns}
        total={total}
      />
    </AntApp>,
  );
  return bridge;
}

const push = (bridge: ReturnType<typeof fakeBridge>, changed: ExportView) =>
  act(() => bridge.push({ type: 'export.changed', export: changed }));

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Export…' }));
  return screen.findByRole('dialog', { name: 'Export Review: tweets' });
}

describe('Export…', () => {
  it('starts with the choices, shows the progress, and cancels through core', async () => {
    const bridge = renderButton({
      'export.start': () => ok(view()),
      'export.cancel': () =>
        ok(
          view({
            status: 'cancelled',
            written: 120,
            message: 'The export was cancelled: no file was saved.',
          }),
        ),
    });
    const dialog = await openDialog();
    expect(within(dialog).getByText('300 results')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'JSON' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'All fields' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start' }));

    await waitFor(() =>
      expect(bridge.invoke).toHaveBeenCalledWith('export.start', {
        source,
        format: 'json',
        columns: null,
        fileName: 'review-tweets',
      }),
    );
    push(bridge, view({ written: 120 }));
    expect(await within(dialog).findByText('Writing: 120 of 300')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Export progress' })).toBeTruthy();
    // Another export's events are not this one's.
    push(bridge, view({ id: 'other', written: 299 }));
    expect(within(dialog).getByText('Writing: 120 of 300')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(bridge.invoke).toHaveBeenCalledWith('export.cancel', { id: 'e1' }));
    expect(
      await within(dialog).findByText('The export was cancelled: no file was saved.'),
    ).toBeTruthy();
    // The choices stay for another try.
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'JSON' }).checked).toBe(
      true,
    );
    expect(
      within(dialog).getByRole<HTMLInputElement>('radio', { name: 'All fields' }).checked,
    ).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Start' })).toBeTruthy();
  });

  it('writes the columns shown by default', async () => {
    const bridge = renderButton({ 'export.start': () => ok(view()) });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(bridge.invoke).toHaveBeenCalledWith('export.start', {
        source,
        format: 'csv',
        columns,
        fileName: 'review-tweets',
      }),
    );
  });

  it('downloads the file in browser mode when it is done', async () => {
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download });
    });
    const bridge = renderButton({ 'export.start': () => ok(view()) });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(bridge.invoke).toHaveBeenCalled());
    push(bridge, view({ status: 'done', written: 300, downloadUrl: '/downloads/abc' }));
    expect(await within(dialog).findByText('Downloaded review-tweets-2026-11-24.csv')).toBeTruthy();
    expect(clicked).toEqual([{ href: '/downloads/abc', download: 'review-tweets-2026-11-24.csv' }]);
    // A repeated event does not download twice.
    push(bridge, view({ status: 'done', written: 300, downloadUrl: '/downloads/abc' }));
    expect(clicked).toHaveLength(1);
  });

  it('says where the desktop app saved it, even when it finished before core answered', async () => {
    let bridge: ReturnType<typeof fakeBridge> | null = null;
    bridge = renderButton({
      'export.start': () => {
        // The file is written before the answer arrives: the event comes first.
        bridge!.push({
          type: 'export.changed',
          export: view({ status: 'done', written: 300, savedTo: '/home/r/Downloads/t.csv' }),
        });
        return ok(view());
      },
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(await within(dialog).findByText('Saved to /home/r/Downloads/t.csv')).toBeTruthy();
  });

  it('says why it failed, or why it could not start', async () => {
    const bridge = renderButton({ 'export.start': () => ok(view()) });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(bridge.invoke).toHaveBeenCalled());
    push(
      bridge,
      view({ status: 'failed', written: 40, message: 'The provider answered 500: boom' }),
    );
    expect(await within(dialog).findByText('The export failed.')).toBeTruthy();
    expect(within(dialog).getByText('The provider answered 500: boom')).toBeTruthy();
  });

  it('shows a refusal of core', async () => {
    renderButton({ 'export.start': () => fail(401, 'SESSION_ENDED', 'You are not signed in.') });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(await within(dialog).findByText('You are not signed in.')).toBeTruthy();
  });

  it('says No file was chosen when the save dialog was dismissed', async () => {
    renderButton({
      'export.start': () => ok(view({ status: 'cancelled', message: 'No file was chosen.' })),
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(await within(dialog).findByText('No file was chosen.')).toBeTruthy();
  });

  it('is reachable by keyboard, and the dialog has no serious axe violation', async () => {
    const bridge = renderButton({ 'export.start': () => ok(view()) }, null);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export…' }));
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Export Review: tweets' });
    expect(within(dialog).queryByText(/results?$/)).toBeNull();
    push(bridge, view());
    const { violations } = await axe.run(dialog, { resultTypes: ['violations'] });
    const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);
    // Start is reached with Tab and started with Enter.
    const start = within(dialog).getByRole('button', { name: 'Start' });
    for (let i = 0; i < 10 && document.activeElement !== start; i += 1) await userEvent.tab();
    expect(document.activeElement).toBe(start);
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(bridge.invoke).toHaveBeenCalledWith('export.start', expect.anything()),
    );
  });
});
