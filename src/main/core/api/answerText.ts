import { isRecord } from '../../../shared/api/answers';

/** An answer's body as read from its text: JSON when it is JSON, otherwise the text itself, nothing for an empty body. */
export function parseAnswerText(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** A parsed body's fields when it is a record (a JSON error body), otherwise undefined. */
export function answerFields(body: unknown): Record<string, unknown> | undefined {
  return isRecord(body) ? body : undefined;
}
