/**
 * The id a change needs. The provider may leave any field out of a list entry (SPEC.md 7); a row
 * without its id is still shown, and a change of it fails with this sentence instead of a bad call.
 */
export function requireId(id: number | undefined, what: string): number {
  if (id === undefined) throw new Error(`This ${what} has no id, so it cannot be changed here.`);
  return id;
}
