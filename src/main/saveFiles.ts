import { app, dialog, type BrowserWindow, type SaveDialogOptions } from 'electron';
import { extname, join } from 'node:path';
import type { SaveFilesPort } from './core/desktop/desktopPorts';

const FILTER_NAMES = { csv: 'CSV (comma-separated values)', json: 'JSON' } as const;

/**
 * Where the desktop app saves an export (docs/user-guide.md, A reviewer's shift, Export…): the
 * system's save dialog, opened on the user's Downloads folder with the suggested name and a filter
 * for the extension, attached to the app's window when there is one. Dismissed: null, and nothing
 * is written.
 */
export function createSaveFilesPort(getWindow: () => BrowserWindow | null): SaveFilesPort {
  return {
    async choosePath(suggestedName, extension) {
      const options: SaveDialogOptions = {
        title: 'Export',
        defaultPath: join(app.getPath('downloads'), suggestedName),
        buttonLabel: 'Save',
        filters: [{ name: FILTER_NAMES[extension], extensions: [extension] }],
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      };
      const window = getWindow();
      const result =
        window && !window.isDestroyed()
          ? await dialog.showSaveDialog(window, options)
          : await dialog.showSaveDialog(options);
      if (result.canceled || !result.filePath) return null;
      // Some Linux dialogs return the name as typed: the file still gets its extension.
      return extname(result.filePath) ? result.filePath : `${result.filePath}.${extension}`;
    },
  };
}
