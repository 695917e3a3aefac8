import { z } from 'zod';

/**
 * Field rules shared by every request body: the forms' free-text flags, word lists, required
 * texts and whole numbers, each refused with a sentence that names the field.
 *
 * Two kinds of bound live here, kept apart on purpose. The bridge and core check what the page
 * sends against bounds that protect core (TEXT_BOUND, LIST_BOUND): they are not business rules,
 * and SPEC.md 5 shows no length limits, so a provider that accepts a 150-character search gets
 * one. Our reference server's own limits (a name of at most 200 characters, a search of at most
 * 100) are recorded beside each field in `serverLimits` and enforced on its routes only
 * (src/server/http/serverLimits.ts).
 */

/** The longest text the bridge carries in one field: a runaway paste, not a business rule. */
export const TEXT_BOUND = 64 * 1024;
/** The most entries of one list (tags, usages) the bridge carries. */
export const LIST_BOUND = 10_000;

/** One field's limit on our reference server's routes. */
export interface ServerLimit {
  /** The field's name in the refusal's sentence. */
  field: string;
  /** Characters at most (after trimming, when `trimmed`). */
  maxLength?: number;
  /** Entries at most, for a list. */
  maxItems?: number;
  trimmed?: boolean;
}

/** Our reference server's limits, keyed by the field's schema. */
export const serverLimits = z.registry<ServerLimit>();

/** Records our server's limit for a field's schema; the schema itself keeps only the bounds. */
export function withServerLimit<T extends z.ZodType>(schema: T, limit: ServerLimit): T {
  serverLimits.add(schema, limit);
  return schema;
}

/** Path texts (the "includes" searches): our server's limit, not the client's. */
export const SEARCH_TEXT_MAX = 100;
/** Names, symbols and other short texts: our server's default limit. */
export const SERVER_TEXT_MAX = 200;

/**
 * A text field: at most TEXT_BOUND for the client, at most `serverMax` on our server. `trim`
 * trims it first; `required` refuses it empty (after trimming).
 */
export function textField(
  field: string,
  serverMax: number = SERVER_TEXT_MAX,
  options: { trim?: boolean; required?: boolean; requiredMessage?: string } = {},
) {
  let schema = z.string();
  if (options.trim) schema = schema.trim();
  if (options.required) schema = schema.min(1, options.requiredMessage ?? `${field} is required`);
  schema = schema.max(TEXT_BOUND, `${field} is too long`);
  return withServerLimit(schema, { field, maxLength: serverMax, trimmed: options.trim === true });
}

export const requiredText = (field: string, max = SERVER_TEXT_MAX) =>
  textField(field, max, { trim: true, required: true });

export const optionalText = (field: string, max = SERVER_TEXT_MAX) =>
  textField(field, max, { trim: true });

/**
 * Active and search flags are free text in the forms (SPEC.md 5); they are accepted as a boolean
 * or the words true/false in any case, and anything else is refused with a sentence.
 */
export const flagSchema = (field: string) =>
  z.union([z.boolean(), z.string()]).transform((value, ctx) => {
    if (typeof value === 'boolean') return value;
    const word = value.trim().toLowerCase();
    if (word === 'true') return true;
    if (word === 'false') return false;
    ctx.addIssue({ code: 'custom', message: `${field} must be true or false` });
    return z.NEVER;
  });

/** Tags, usages: trimmed, blanks dropped, each once. Our server takes 200 of 200 characters. */
export const wordList = (field: string) =>
  withServerLimit(
    z.array(textField(`${field} entries`, SERVER_TEXT_MAX)).max(LIST_BOUND, `too many ${field}`),
    { field, maxItems: 200 },
  )
    .default([])
    .transform((list) => [...new Set(list.map((v) => v.trim()).filter((v) => v.length > 0))]);

/**
 * The largest PostgreSQL `integer` (int4): the type of every id, rank and market id column of the
 * provider's data except the review items' own ids (bigint). A larger number can never match a
 * row, and the database refuses it outright, so it is refused here with a sentence instead.
 */
export const INT4_MAX = 2_147_483_647;

/** Whole numbers, also from query text; at most INT4_MAX unless the column is wider. */
export const wholeNumber = (field: string, min: number, max = INT4_MAX) =>
  z.coerce
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} is too large (at most ${max})`);

/** A record id in a JSON body: a number, not text, positive, at most `max`. */
export const recordId = (field: string, max = INT4_MAX) =>
  z
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be positive`)
    .max(max, `${field} is too large (at most ${max})`);

/** The search text of a get-…-includes-{text} path. */
export const searchTextParams = z.object({
  text: textField('the search text', SEARCH_TEXT_MAX, { trim: true }),
});
