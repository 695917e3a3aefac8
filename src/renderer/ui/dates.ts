import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { MIN_DATE } from '../../shared/constants';

/**
 * Every date and time the console shows or sends, in one place, so that one time reads the same
 * on every screen. Two clocks:
 * - the provider's: detect and tweet times, and the Review filter's Start and End Date. The filter
 *   sends a wall time without a zone (SPEC.md 3: '2022-01-01T00:00'), which the provider reads on
 *   its own clock (our reference server: UTC), so a time the provider sends is shown as it wrote
 *   it, on that same clock: filtering from 10:00 shows items detected from 10:00.
 * - the console's own (an update check): in the user's time zone.
 */
dayjs.extend(utc);

/** How a date-time reads on screen: the Review filter's pickers and every detect time. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** The Review filter's dates as they are sent: SPEC.md 3, '2022-01-01T00:00'. */
const FILTER_DATE_TIME = 'YYYY-MM-DDTHH:mm';

/** SPEC.md 5: date pickers have a minimum of 2022-01-01. */
export const MIN_PICKER_DATE: Dayjs = dayjs(MIN_DATE);

/**
 * A date-time from the provider (detect time, tweet time), as it wrote it and to the minute; '-'
 * when it sent none, and the text itself when it is not a date (data is shown as it came).
 */
export function formatProviderTime(text: string | null | undefined): string {
  if (!text) return '-';
  // A time with a zone is read on UTC, the clock a zone-less filter date is read on; a time
  // without a zone is kept as written.
  const time = dayjs.utc(text);
  return time.isValid() ? time.format(DATE_TIME_FORMAT) : text;
}

/** A moment the console noted itself (the last update check), in the user's time zone. */
export const formatLocalTime = (iso: string): string => dayjs(iso).format('D MMM YYYY, HH:mm');

/**
 * A moment of the last hours with its zone (a change another reviewer made), as the user's clock
 * reads it: 'HH:mm'; null when it is not a time.
 */
export function formatLocalClock(iso: string | null): string | null {
  if (!iso) return null;
  const time = dayjs(iso);
  return time.isValid() ? time.format('HH:mm') : null;
}

/** A Review filter date as its picker holds it. */
export const toPickerDate = (text: string | null): Dayjs | null => (text ? dayjs(text) : null);

/** A picker's date as the Review filter sends it (SPEC.md 3). */
export const fromPickerDate = (value: Dayjs | null): string | null =>
  value ? value.format(FILTER_DATE_TIME) : null;
