/**
 * How a value the provider may leave out is shown: the value as text, or '-' when it is missing
 * or empty (SPEC.md 7: answers are used as-is, so a record may lack any field).
 */
export function shown(value: string | number | boolean | null | undefined): string {
  if (value === undefined || value === null || value === '') return '-';
  return String(value);
}

/** A table cell's render for a value that may be missing. */
export const shownCell = (value: string | number | boolean | null | undefined) => shown(value);
