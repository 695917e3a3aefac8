import { MIN_DATE } from '../../../shared/constants';
import {
  AUDIT_DEFAULT_DAYS,
  windowMoment,
  type AuditWindow,
} from '../../../shared/quality/auditChannels';
import { BridgeFailure } from '../bridgeFailure';

const DAY_MS = 24 * 60 * 60 * 1000;
const EARLIEST = `${MIN_DATE}T00:00`;

/** A moment as the Review filter sends a date: '2024-01-01T08:00', UTC, to the minute. */
const filterTime = (ms: number): string => new Date(ms).toISOString().slice(0, 16);

/** A given end as it is sent: without the Z (the filter's dates carry no zone, SPEC.md 3). */
const asSent = (time: string): string => (time.endsWith('Z') ? time.slice(0, -1) : time);

/**
 * The window a sample is drawn from: the given ends, or the last AUDIT_DEFAULT_DAYS days ending
 * now (to the minute), never before SPEC.md 5's minimum date. Refused (400) when it is empty.
 */
export function auditWindowOf(given: { from?: string; to?: string }, now: Date): AuditWindow {
  const to = given.to === undefined ? filterTime(now.getTime()) : asSent(given.to);
  const fromDefault = filterTime(windowMoment(to) - AUDIT_DEFAULT_DAYS * DAY_MS);
  const from =
    given.from === undefined
      ? windowMoment(fromDefault) < windowMoment(EARLIEST)
        ? EARLIEST
        : fromDefault
      : asSent(given.from);
  if (windowMoment(from) >= windowMoment(to))
    throw new BridgeFailure(
      400,
      'INVALID_PAYLOAD',
      `Invalid payload for audit.start: from (${from}) must be before to (${to}).`,
    );
  return { from, to };
}
