import { z } from 'zod';

/**
 * Field rules shared by every request body: the forms' free-text flags, word lists, required
 * texts and whole numbers, each refused with a sentence that names the field.
 */

/** Path texts (the "includes" searches) are one URL segment; a screen never needs more. */
export const SEARCH_TEXT_MAX = 100;

export const requiredText = (field: string, max = 200) =>
  z.string().trim().min(1, `${field} is required`).max(max, `${field} is too long`);

export const optionalText = (field: string, max = 200) =>
  z.string().trim().max(max, `${field} is too long`);

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

/** Tags, usages: trimmed, blanks dropped, each once. */
export const wordList = (field: string) =>
  z
    .array(z.string().max(200, `${field} entries are too long`))
    .max(200, `too many ${field}`)
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
  text: z.string().trim().max(SEARCH_TEXT_MAX, `the search text is longer than ${SEARCH_TEXT_MAX}`),
});
