import type { ShownRecord } from '../../shared/journal';

/**
 * The reference record a write is sent from (issue 49, what happened to a record): the list kit
 * wraps a row's write (its form's submit, its confirm, a removal) in withShownRecord, and invoke
 * adds the record to that call's payload. Core journals it as the state before and names the
 * write by its target; a read sent meanwhile has it dropped by its schema.
 */
let current: ShownRecord | null = null;

export function withShownRecord<T>(record: ShownRecord | null, send: () => T): T {
  const before = current;
  current = record;
  try {
    return send();
  } finally {
    current = before;
  }
}

/** The payload with the record being written from, if a write is being sent from one. */
export function withShownPayload(payload: unknown): unknown {
  if (current === null || typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return payload;
  return { ...payload, shownRecord: current };
}
