import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  DATE_TIME_FORMAT,
  formatLocalTime,
  formatProviderTime,
  fromPickerDate,
  MIN_PICKER_DATE,
  toPickerDate,
} from '../../../src/renderer/ui/dates';

describe('provider times (detect time, tweet time)', () => {
  it('read as written, to the minute, whether or not they carry a zone', () => {
    expect(formatProviderTime('2024-01-01T08:05:59')).toBe('2024-01-01 08:05');
    expect(formatProviderTime('2024-01-01T08:05:59.123Z')).toBe('2024-01-01 08:05');
    expect(formatProviderTime('2026-11-01T10:00:00Z')).toBe('2026-11-01 10:00');
  });

  it("read on the clock the Review filter's dates are sent on", () => {
    const picked = fromPickerDate(dayjs('2024-03-04T10:00'));
    expect(picked).toBe('2024-03-04T10:00');
    expect(formatProviderTime(picked)).toBe('2024-03-04 10:00');
    expect(formatProviderTime('2024-03-04T10:00:00Z')).toBe('2024-03-04 10:00');
  });

  it("'-' when absent, and what came when it is not a date", () => {
    expect(formatProviderTime(undefined)).toBe('-');
    expect(formatProviderTime(null)).toBe('-');
    expect(formatProviderTime('')).toBe('-');
    expect(formatProviderTime('soon')).toBe('soon');
  });
});

describe('the Review filter pickers', () => {
  it('show and send SPEC.md 3 date-times, with the minimum of SPEC.md 5', () => {
    expect(toPickerDate(null)).toBeNull();
    expect(fromPickerDate(null)).toBeNull();
    expect(fromPickerDate(toPickerDate('2022-01-01T00:00'))).toBe('2022-01-01T00:00');
    expect(toPickerDate('2022-01-01T00:00')?.format(DATE_TIME_FORMAT)).toBe('2022-01-01 00:00');
    expect(MIN_PICKER_DATE.format('YYYY-MM-DD')).toBe('2022-01-01');
  });
});

describe("the console's own times", () => {
  it('read in the user’s time zone, with the month named', () => {
    expect(formatLocalTime('2025-03-04T09:30:00.000Z')).toMatch(/^\d{1,2} Mar 2025, \d\d:\d\d$/);
  });
});
