/**
 * A table row's key from the fields that identify a record, in order of preference. The provider
 * may leave any of them out (SPEC.md 7), so the row is still keyed by what it has.
 */
export function rowKeyOf(...candidates: (string | number | undefined)[]): string {
  return candidates.map((value) => (value === undefined ? '' : String(value))).join('|');
}
