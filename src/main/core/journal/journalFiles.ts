import { readdir, readFile, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import type { JournalEntry } from '../../../shared/journal';
import { parseJournalLine } from './journalLine';

/**
 * The journal's files on disk: journal-000001.jsonl, journal-000002.jsonl, …, one JSON entry a
 * line, oldest file first. Only the newest is ever appended to.
 */

const NAME = /^journal-(\d{6,})\.jsonl$/;
const NEWLINE = 0x0a;

export function journalFileName(number: number): string {
  return `journal-${String(number).padStart(6, '0')}.jsonl`;
}

/** The numbers of the journal files in the folder, oldest first; other files are left alone. */
export async function listJournalFiles(folder: string): Promise<number[]> {
  const names = await readdir(folder);
  return names
    .map((name) => NAME.exec(name)?.[1])
    .filter((digits): digits is string => digits !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

export interface ReadEntry {
  entry: JournalEntry;
  /** The entry's time in milliseconds. */
  time: number;
}

export interface JournalFile {
  number: number;
  entries: ReadEntry[];
  /** The length of the file's complete lines: what it holds once a torn tail is cut off. */
  bytes: number;
}

/**
 * One file read back. A kill in the middle of an append leaves a last line without its newline:
 * it is cut off (the file is truncated to its last complete line), so the entry it was is lost
 * but the next append starts on a line of its own. Lines that are not entries are skipped.
 */
export async function readJournalFile(folder: string, number: number): Promise<JournalFile> {
  const path = join(folder, journalFileName(number));
  const bytes = await readFile(path);
  const complete = bytes.lastIndexOf(NEWLINE) + 1;
  if (complete < bytes.length) await truncate(path, complete);
  const entries: ReadEntry[] = [];
  for (const line of bytes.toString('utf8', 0, complete).split('\n')) {
    if (line === '') continue;
    const read = parseJournalLine(line);
    if (read) entries.push(read);
  }
  return { number, entries, bytes: complete };
}
