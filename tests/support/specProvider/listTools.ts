/** Small helpers the reference-data handlers share. */
import { fail } from './http';

/** Case-insensitive substring match on any of the texts; '' matches everything. */
export function containsText(needle: string, ...texts: (string | null | undefined)[]): boolean {
  const lower = needle.trim().toLowerCase();
  return lower === '' || texts.some((value) => (value ?? '').toLowerCase().includes(lower));
}

/** The list with the new entries appended, without duplicates; a null list counts as empty. */
export function union(list: string[] | null | undefined, added: string[]): string[] {
  const current = list ?? [];
  return [...current, ...added.filter((entry) => !current.includes(entry))];
}

/** The list without `entry`; 404 when it is not there. */
export function without(list: string[] | null | undefined, entry: string, what: string): string[] {
  const current = list ?? [];
  if (!current.includes(entry)) fail(404, `${what} not found: ${entry}`);
  return current.filter((value) => value !== entry);
}

/** Removes the first element matching; 404 when none does. */
export function removeWhere<T>(list: T[], test: (entry: T) => boolean, what: string): T {
  const index = list.findIndex(test);
  const [removed] = index < 0 ? [] : list.splice(index, 1);
  return removed ?? fail(404, `${what} not found`);
}

/** The first element matching; 404 when none does. */
export function findOr404<T>(list: T[], test: (entry: T) => boolean, what: string): T {
  return list.find(test) ?? fail(404, `${what} not found`);
}

/** Now, in the zone-less 'YYYY-MM-DDTHH:mm:ss' form of the demo data. */
export function nowText(): string {
  return new Date().toISOString().slice(0, 19);
}
