import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { ExportFormat } from '../../../shared/export';
import type { SaveFilesPort } from '../desktop/desktopPorts';

/** 'review-tweets-2026-11-24.csv': the name, the local date, the extension. */
export function suggestedName(fileName: string, format: ExportFormat, now: Date): string {
  const day = [
    now.getFullYear(),
    String(now.getMonth() + 1).padStart(2, '0'),
    String(now.getDate()).padStart(2, '0'),
  ].join('-');
  return `${fileName}-${day}.${format}`;
}

/** Where a file goes before it is downloaded: the given folder, or one under the OS temp folder. */
export async function downloadsFolder(tempDir: string | null): Promise<string> {
  const folder = tempDir ?? join(tmpdir(), 'dqc-console-exports');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  return folder;
}

export interface Destination {
  path: string;
  /** The name the user sees: the one they chose, or the suggested one for a download. */
  fileName: string;
  /** True when the file is offered for download once written (browser mode, tests). */
  download: boolean;
}

/**
 * Where a file goes: the desktop app asks the user (null when they dismissed the dialog); browser
 * mode and tests write into a temporary folder, under a random prefix so that two files of the
 * same name never meet there.
 */
export async function chooseDestination(
  files: SaveFilesPort | null,
  tempDir: string | null,
  name: string,
  extension: ExportFormat,
): Promise<Destination | null> {
  if (files?.choosePath) {
    const path = await files.choosePath(name, extension);
    return path === null ? null : { path, fileName: basename(path), download: false };
  }
  const folder = await downloadsFolder(tempDir);
  const path = join(folder, `${randomBytes(8).toString('hex')}-${name}`);
  return { path, fileName: name, download: true };
}

/** Once written: browser mode's download address, or the path (desktop, and tests' reading). */
export function delivered(
  files: SaveFilesPort | null,
  destination: Destination,
): { savedTo: string | null; downloadUrl: string | null } {
  if (destination.download && files?.offerDownload)
    return {
      savedTo: null,
      downloadUrl: files.offerDownload(destination.path, destination.fileName),
    };
  return { savedTo: destination.path, downloadUrl: null };
}
