import { z } from 'zod';

/**
 * How the client reads the provider's answers. SPEC.md 7 ends "Response shapes beyond those named
 * are used as-is", and the provider is not our reference server: a write succeeds on any 2xx, a
 * list shows every entry it can, a field that is missing or of another type is simply absent
 * (the screen shows '-'). Only an answer that cannot be what the call returns fails: something
 * that is not a list where a list is due, a count that is not a number.
 */

// Fields of a record --------------------------------------------------------------------------
// Each field is optional or defaulted: under zod 4 a key whose schema is only a transform is
// required, and a record that leaves the field out would be refused (and dropped from its list).

/** A text field: a string, or a number or flag written as text; anything else is absent. */
export const text = z
  .unknown()
  .transform((value): string | undefined =>
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : undefined,
  )
  .optional();

/** A number, or a number written as text ("45"). */
export const num = z
  .unknown()
  .transform((value): number | undefined => {
    if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
    if (typeof value === 'string' && value.trim() !== '') {
      const read = Number(value);
      return Number.isFinite(read) ? read : undefined;
    }
    return undefined;
  })
  .optional();

/** A flag: true/false, or the words true/false in any case. */
export const flag = z
  .unknown()
  .transform((value): boolean | undefined => {
    if (typeof value === 'boolean') return value;
    if (typeof value === 'string') {
      const word = value.trim().toLowerCase();
      if (word === 'true') return true;
      if (word === 'false') return false;
    }
    return undefined;
  })
  .optional();

/** A list of words: null or missing is empty; entries that are not text are left out. */
export const texts = z
  .unknown()
  .transform((value): string[] =>
    Array.isArray(value)
      ? value.flatMap((entry) =>
          typeof entry === 'string' || typeof entry === 'number' ? [String(entry)] : [],
        )
      : [],
  )
  .default(() => []);

/** A record of the given fields; extra fields are dropped, a field of another type is absent. */
export function record<S extends z.ZodRawShape>(shape: S) {
  return z.object(shape);
}

/** A list of records inside a record: null or missing is empty; unreadable entries are left out. */
export function records<T extends z.ZodType>(entry: T) {
  return z
    .unknown()
    .transform((value): z.output<T>[] => readEntries(entry, value) ?? [])
    .default(() => []);
}

/** A nested record that may be missing. */
export function optionalRecord<T extends z.ZodType>(entry: T) {
  return z
    .unknown()
    .transform((value): z.output<T> | undefined => {
      const read = entry.safeParse(value);
      return read.success ? read.data : undefined;
    })
    .optional();
}

function readEntries<T extends z.ZodType>(entry: T, value: unknown): z.output<T>[] | null {
  if (!Array.isArray(value)) return null;
  return value.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const read = entry.safeParse(item);
    return read.success ? [read.data] : [];
  });
}

// Whole answers ----------------------------------------------------------------------------------

/** A write (add, update, save, merge, match, delete, change, reviewed): any 2xx body will do. */
export const writeAnswer = z.unknown().transform((): null => null);

/** A list: must be a list; each entry that is a record is shown, however sparse. */
export function listAnswer<T extends z.ZodType>(entry: T) {
  return z.array(z.unknown()).transform((value) => readEntries(entry, value) ?? []);
}

/** One record (find by id): must be a record; its fields are read like a list entry's. */
export function recordAnswer<T extends z.ZodType>(entry: T) {
  return z.unknown().transform((value, ctx): z.output<T> => {
    const read = typeof value === 'object' && value !== null ? entry.safeParse(value) : null;
    if (read?.success) return read.data;
    ctx.addIssue({ code: 'custom', message: 'not a record' });
    return z.NEVER;
  });
}

/** A count: a number, or a number sent as text. */
export const countAnswer = z
  .union([z.number(), z.string().regex(/^\s*\d+\s*$/)])
  .transform((value) => Number(value))
  .pipe(z.number().int().min(0));

/** True or false (the image checks), also as text. */
export const flagAnswer = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');

/**
 * The model calls: started, or already running when the answer says so. SPEC.md 7 names no
 * answer, so anything else reads as started.
 */
export const modelAnswer = z.unknown().transform((value): 'started' | 'running' => {
  const status =
    typeof value === 'object' && value !== null ? (value as { status?: unknown }).status : value;
  return status === 'running' ? 'running' : 'started';
});
