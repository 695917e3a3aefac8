/** Escapes LIKE wildcards so that "50%" finds "50%", not everything. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A case-insensitive "contains" pattern for ILIKE. */
export const containsPattern = (text: string) => `%${likeEscape(text)}%`;

/** Timestamps come back as Date from both engines; the API speaks ISO strings. */
export const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString()
      : String(value);
