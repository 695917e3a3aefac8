import type { SaveFilesPort } from '../desktop/desktopPorts';
import { chooseDestination, delivered } from '../export/destination';
import { writeFileAtomically } from '../export/partFile';

/** Where a finished file went: the path the user chose (desktop) or a download (browser mode). */
export interface DeliveredFile {
  fileName: string;
  savedTo: string | null;
  downloadUrl: string | null;
}

/**
 * Writes a small file the user asked for (Export views) where it belongs: the desktop app asks
 * where with a save dialog and writes it atomically (temp file beside it, then rename); browser
 * mode writes it to a temporary folder and offers a download. Answers null when the user dismissed
 * the dialog.
 */
export async function deliverFile(options: {
  files: SaveFilesPort | null;
  /** Where browser mode and tests write before the download; the OS temp folder when null. */
  tempDir: string | null;
  /** The suggested name, with its extension ('dqc-views-2026-11-24.json'). */
  fileName: string;
  extension: 'csv' | 'json';
  contents: string;
}): Promise<DeliveredFile | null> {
  const { files, tempDir, fileName, extension, contents } = options;
  const destination = await chooseDestination(files, tempDir, fileName, extension);
  if (!destination) return null;
  await writeFileAtomically(destination.path, contents);
  return { fileName: destination.fileName, ...delivered(files, destination) };
}
