import type { NewJournalEntry } from '../../../shared/journal';
import { REDACTED, redactText } from '../redaction/redactText';
import { isSecretName } from '../redaction/secretNames';

/**
 * The journal never holds a token or a password (DESIGN.md, "Per-user local data"). It reuses
 * the log redaction's rules, so a secret is recognised the same way in both: a value under a key
 * that names a secret (password, accessToken, Authorization, …) is replaced whatever it is, and
 * every text is put through the text rules (JWTs, `Bearer …`, `password=…`, credentials in URLs).
 */

type Before = NonNullable<NewJournalEntry['before']>;

function scrubText(text: string): string;
function scrubText(text: string | null): string | null;
function scrubText(text: string | null): string | null {
  return text === null ? null : redactText(text);
}

/** null and booleans say whether a secret was there, not what it was: kept, as in the logs. */
function secretValue(value: Before[string]): Before[string] {
  return value === null || typeof value === 'boolean' ? value : REDACTED;
}

function scrubBefore(before: Before | null): Before | null {
  if (before === null) return null;
  // fromEntries defines own properties: a `__proto__` key stays a key, as JSON.parse made it.
  return Object.fromEntries(
    Object.entries(before).map(([key, value]) => [
      // The key is text a caller chose too: it could be the secret (a token used as a name).
      redactText(key),
      isSecretName(key)
        ? secretValue(value)
        : typeof value === 'string'
          ? redactText(value)
          : value,
    ]),
  );
}

/**
 * A copy of the entry with every secret replaced, holding the contract's fields only: whatever
 * else a caller's object carried is not written.
 */
export function scrubEntry(entry: NewJournalEntry): NewJournalEntry {
  return {
    at: entry.at,
    channel: redactText(entry.channel),
    call: redactText(entry.call),
    area: entry.area,
    target: scrubText(entry.target),
    summary: scrubText(entry.summary),
    before: scrubBefore(entry.before),
    ...(entry.body === undefined ? {} : { body: scrubBefore(entry.body) }),
    outcome: entry.outcome,
    status: entry.status,
    message: scrubText(entry.message),
    // Made by core, never by a user, and looked up exactly (ofRun): kept as it is.
    runId: entry.runId,
  };
}
