/**
 * The filter form's values: what the boxes hold, as typed. Apart from types.ts, which reads a
 * list's state type from resourceState.ts, so that neither file imports the other.
 */
export type FilterValues = Record<string, string>;
