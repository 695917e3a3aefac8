import type { UpdateStatus } from '../../../shared/desktop';

/**
 * What core asks of the shell it runs in for the About / Settings screen and updates.
 * Electron passes electron-updater and shell.openPath; browser mode has neither.
 */
export interface UpdatesPort {
  status(): UpdateStatus;
  /** Starts a check of the feed; resolves with the state once it has started. */
  check(): Promise<UpdateStatus>;
  /** Quits and installs the downloaded update; throws when none is ready. */
  restartToUpdate(): Promise<void>;
  onStatus(listener: (status: UpdateStatus) => void): () => void;
}

/** A shell without updates: every call says why. */
export function noUpdates(reason: string): UpdatesPort {
  const status: UpdateStatus = { state: 'off', reason };
  return {
    status: () => status,
    check: async () => status,
    restartToUpdate: async () => {
      throw new Error(reason);
    },
    onStatus: () => () => undefined,
  };
}

/**
 * How the desktop app opens a checked https link in the system browser (RELIABILITY.md, checklist
 * 15). Browser mode has none: the page opens the link itself.
 */
export interface ExternalLinksPort {
  open(href: string): Promise<void>;
}

/**
 * Where a file the user exports goes (docs/user-guide.md, A reviewer's shift, Export…). The
 * desktop app asks where to save with a save dialog; browser mode writes to a temporary folder and
 * offers the file as a download.
 */
export interface SaveFilesPort {
  /** Desktop: the path the user chose for this file, or null if they dismissed the dialog. */
  choosePath?(suggestedName: string, extension: 'csv' | 'json'): Promise<string | null>;
  /** Browser mode: makes a finished file downloadable once; answers the URL the page opens. */
  offerDownload?(path: string, fileName: string): string;
}
