import { renameSync, rmSync } from 'node:fs';
import { parse, join } from 'node:path';

/** A log file is rotated past this size; with 5 archives the folder stays under 30 MB. */
export const LOG_MAX_BYTES = 5 * 1024 * 1024;
export const LOG_ARCHIVES = 5;

export interface RotationFs {
  renameSync(from: string, to: string): void;
  rmSync(path: string, options: { force: boolean }): void;
}

/**
 * main.log becomes main.1.log, main.1.log becomes main.2.log, … and the oldest (main.<keep>.log)
 * is dropped: a fixed number of files, newest first. Missing archives are skipped (a fresh
 * install has none). Throws only if the current file itself cannot be moved.
 */
export function rotateLogFiles(
  path: string,
  keep = LOG_ARCHIVES,
  fs: RotationFs = { renameSync, rmSync },
): void {
  const { dir, name, ext } = parse(path);
  const archive = (n: number) => join(dir, `${name}.${n}${ext}`);
  fs.rmSync(archive(keep), { force: true });
  for (let n = keep - 1; n >= 1; n--) {
    try {
      fs.renameSync(archive(n), archive(n + 1));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  fs.renameSync(path, archive(1));
}
