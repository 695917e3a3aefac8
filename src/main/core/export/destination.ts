import { randomBytes } from 'node:crypto';
import { lstat, mkdir, mkdtemp } from 'node:fs/promises';
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

/** Where a file goes before it is downloaded: the given folder, or a private one of this process. */
export async function downloadsFolder(tempDir: string | null): Promise<string> {
  if (tempDir === null) return privateExportFolder();
  await mkdir(tempDir, { recursive: true, mode: 0o700 });
  return tempDir;
}

const EXPORT_FOLDER_PREFIX = 'dqc-console-exports-';
/** The folder made for each temp folder this process wrote to (the OS temp folder, as a rule). */
const privateFolders = new Map<string, string>();

/**
 * Browser mode's export folder: made by mkdtemp under the OS temp folder, so under a name no one
 * could create first (a fixed name in a shared /tmp could be another user's folder, who would then
 * read every export). Checked before each use; if a temp cleaner removed it, a new one is made.
 */
export async function privateExportFolder(base: string = tmpdir()): Promise<string> {
  const known = privateFolders.get(base);
  if (known) {
    const present = await checkPrivateFolder(known).then(
      () => true,
      (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      },
    );
    if (present) return known;
  }
  const made = await mkdtemp(join(base, EXPORT_FOLDER_PREFIX));
  await checkPrivateFolder(made);
  privateFolders.set(base, made);
  return made;
}

/**
 * Refuses a folder that is not this user's alone: a symbolic link, not a folder, another owner,
 * or any access for group or others. Windows has no POSIX owner and mode here; its temp folder is
 * the user's own.
 */
export async function checkPrivateFolder(
  path: string,
  uid: number | undefined = process.getuid?.(),
): Promise<void> {
  const stat = await lstat(path);
  if (stat.isSymbolicLink() || !stat.isDirectory())
    throw new Error(`The export folder ${path} is not a folder, so nothing is written there.`);
  if (uid === undefined) return;
  const mode = stat.mode & 0o777;
  if (stat.uid !== uid || (mode & 0o077) !== 0)
    throw new Error(
      `The export folder ${path} is not private to you (owner ${stat.uid}, mode ` +
        `${mode.toString(8).padStart(4, '0')}), so nothing is written there.`,
    );
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
