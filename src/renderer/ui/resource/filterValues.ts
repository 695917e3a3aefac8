/**
 * The filter form's values: what the boxes hold, as typed. Apart from types.ts, which reads a
 * list's state type from resourceState.ts, so that neither file imports the other.
 */
export type FilterValues = Record<string, string>;

/** Whether two filters hold the same values (a missing field reads as empty). */
export function sameFilterValues(a: FilterValues, b: FilterValues): boolean {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...names].every((name) => (a[name] ?? '') === (b[name] ?? ''));
}
