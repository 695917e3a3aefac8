import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Electron's binary is not available here; the glue is tested against a mock of its API.
const { showSaveDialog, getPath } = vi.hoisted(() => ({
  showSaveDialog: vi.fn(),
  getPath: vi.fn((name: string) => `/home/r/${name === 'downloads' ? 'Downloads' : name}`),
}));
vi.mock('electron', () => ({ app: { getPath }, dialog: { showSaveDialog } }));

import type { BrowserWindow } from 'electron';
import { createSaveFilesPort } from '../../../src/main/saveFiles';

const window = { isDestroyed: () => false } as unknown as BrowserWindow;

beforeEach(() => showSaveDialog.mockReset());

describe('the save dialog of an export', () => {
  it('opens on Downloads with the suggested name and a filter for the extension, on the window', async () => {
    showSaveDialog.mockResolvedValue({ canceled: false, filePath: '/home/r/Documents/out.csv' });
    const port = createSaveFilesPort(() => window);
    await expect(port.choosePath!('review-tweets-2026-11-24.csv', 'csv')).resolves.toBe(
      '/home/r/Documents/out.csv',
    );
    expect(getPath).toHaveBeenCalledWith('downloads');
    expect(showSaveDialog).toHaveBeenCalledWith(
      window,
      expect.objectContaining({
        defaultPath: join('/home/r/Downloads', 'review-tweets-2026-11-24.csv'),
        filters: [{ name: 'CSV (comma-separated values)', extensions: ['csv'] }],
        properties: expect.arrayContaining(['showOverwriteConfirmation']),
      }),
    );
  });

  it('answers null when the user dismisses it', async () => {
    showSaveDialog.mockResolvedValue({ canceled: true, filePath: '' });
    const port = createSaveFilesPort(() => window);
    await expect(port.choosePath!('x.json', 'json')).resolves.toBeNull();
  });

  it('adds the extension to a name typed without one, and opens without a window when none', async () => {
    showSaveDialog.mockResolvedValue({ canceled: false, filePath: '/home/r/views' });
    const port = createSaveFilesPort(() => null);
    await expect(port.choosePath!('views.json', 'json')).resolves.toBe('/home/r/views.json');
    expect(showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({ filters: [{ name: 'JSON', extensions: ['json'] }] }),
    );
  });

  it('offers no download: the desktop app saves where the user chose', () => {
    expect(createSaveFilesPort(() => window).offerDownload).toBeUndefined();
  });
});
