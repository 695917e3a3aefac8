import { z } from 'zod';

/**
 * How the client reads the provider's answers. SPEC.md 7 ends "Response shapes beyond those named
 * are used as-is", and the provider is not our reference server: a write succeeds on any 2xx, a
 * list shows every entry it can, a field that is missing or of another type is simply absent
 * (the screen shows '-'). Only an answer that cannot be what the call returns fails: something
 * that is not a list where a list is due, a count that is not a number.
 */

// Fields of a record --------------------------------------------------------------------------
// Each reader is a zod schema (to read one value on its own) and carries the same reading as a
// plain function, `read`, which records use: a catalogue answer holds thousands of records with
// nested lists, and a zod pipe per field made reading one 2,500-currency answer take about a
// second on these machines (src/shared/api/records.ts, measured with tests/bench/run.ts).

/** A field reader: never refuses; what it cannot read is absent (or an empty list). */
export type FieldReader<T> = z.ZodType<T> & { read(value: unknown): T };

function field<T>(read: (value: unknown) => T): FieldReader<T> {
  return Object.assign(z.unknown().transform(read) as unknown as z.ZodType<T>, { read });
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text field: a string, or a number or flag written as text; anything else is absent. */
export const text = field((value): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : undefined,
);

/** A number, or a number written as text ("45"). */
export const num = field((value): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const read = Number(value);
    return Number.isFinite(read) ? read : undefined;
  }
  return undefined;
});

/** A flag: true/false, or the words true/false in any case. */
export const flag = field((value): boolean | undefined => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (word === 'true') return true;
    if (word === 'false') return false;
  }
  return undefined;
});

/** A list of words: null or missing is empty; entries that are not text are left out. */
export const texts = field((value): string[] =>
  Array.isArray(value)
    ? value.flatMap((entry) =>
        typeof entry === 'string' || typeof entry === 'number' ? [String(entry)] : [],
      )
    : [],
);

type Shape = Record<string, FieldReader<unknown>>;
type Read<F> = F extends { read(value: unknown): infer T } ? T : never;
/** A record as read: fields that may be absent are optional, lists always there. */
export type RecordOf<S extends Shape> = {
  [K in keyof S as undefined extends Read<S[K]> ? never : K]: Read<S[K]>;
} & {
  [K in keyof S as undefined extends Read<S[K]> ? K : never]?: Read<S[K]>;
};

/** A record reader: its fields' shape, and `read`, which gives null for what is not a record. */
export type RecordReader<S extends Shape> = z.ZodType<RecordOf<S>> & {
  shape: S;
  read(value: unknown): RecordOf<S> | null;
};

/** A record of the given fields; extra fields are dropped, a field of another type is absent. */
export function record<S extends Shape>(shape: S): RecordReader<S> {
  const keys = Object.keys(shape) as (keyof S & string)[];
  const read = (value: unknown): RecordOf<S> | null => {
    if (!isRecord(value)) return null;
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const fieldValue = shape[key]!.read(value[key]);
      if (fieldValue !== undefined) out[key] = fieldValue;
    }
    return out as RecordOf<S>;
  };
  const schema = z.unknown().transform((value, ctx): RecordOf<S> => {
    const read1 = read(value);
    if (read1) return read1;
    ctx.addIssue({ code: 'custom', message: 'not a record' });
    return z.NEVER;
  });
  return Object.assign(schema as unknown as z.ZodType<RecordOf<S>>, { shape, read });
}

/** Reads the entries of a list that are records; the others are left out. */
function readEntries<T>(entry: { read(value: unknown): T | null }, value: unknown[]): T[] {
  const out: T[] = [];
  for (const item of value) {
    const read = entry.read(item);
    if (read !== null) out.push(read);
  }
  return out;
}

/** A list of records inside a record: null or missing is empty; unreadable entries are left out. */
export function records<T>(entry: { read(value: unknown): T | null }): FieldReader<T[]> {
  return field((value) => (Array.isArray(value) ? readEntries(entry, value) : []));
}

/** A nested record that may be missing. */
export function optionalRecord<T>(entry: {
  read(value: unknown): T | null;
}): FieldReader<T | undefined> {
  return field((value): T | undefined => {
    const read = entry.read(value);
    return read === null ? undefined : read;
  });
}

// Whole answers ----------------------------------------------------------------------------------

/** A write (add, update, save, merge, match, delete, change, reviewed): any 2xx body will do. */
export const writeAnswer = z.unknown().transform((): null => null);

/** A list: must be a list; each entry that is a record is shown, however sparse. */
export function listAnswer<T>(entry: { read(value: unknown): T | null }) {
  return z.array(z.unknown()).transform((value) => readEntries(entry, value));
}

/** One record (find by id): must be a record; its fields are read like a list entry's. */
export function recordAnswer<T>(entry: { read(value: unknown): T | null }) {
  return z.unknown().transform((value, ctx): T => {
    const read = entry.read(value);
    if (read !== null) return read;
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
