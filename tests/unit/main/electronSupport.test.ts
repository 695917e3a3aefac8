import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ELECTRON_RELEASES,
  electronSupport,
  supportEnds,
} from '../../../src/main/core/desktop/electronSupport';
import { outOfSupportText } from '../../../src/shared/desktop';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('Electron support table', () => {
  it('ends a major on the day the third major after it ships, and not a day before', () => {
    // Electron 45 ended 42's support on 2026-10-20.
    expect(electronSupport('42.3.1', day('2026-10-19'))).toEqual({
      status: 'supported',
      version: '42.3.1',
    });
    expect(electronSupport('42.3.1', day('2026-10-20'))).toEqual({
      status: 'out-of-support',
      version: '42.3.1',
      endedOn: '2026-10-20',
    });
    // The day is the UTC one: a minute before midnight is still the day before.
    expect(electronSupport('42.3.1', new Date('2026-10-19T23:59:00Z')).status).toBe('supported');
    expect(electronSupport('45.4.1', day('2027-04-05')).status).toBe('supported');
    expect(electronSupport('45.4.1', day('2027-04-06'))).toMatchObject({ endedOn: '2027-04-06' });
  });

  it('a major older than the table is out of support; a newer one or no version is unknown', () => {
    expect(electronSupport('30.5.1', day('2026-12-01'))).toEqual({
      status: 'out-of-support',
      version: '30.5.1',
      endedOn: '2024-10-15',
    });
    expect(electronSupport('29.4.6', day('2026-12-01'))).toEqual({
      status: 'out-of-support',
      version: '29.4.6',
      endedOn: null,
    });
    for (const version of ['46.0.0', '60.1.0', '', 'v45', 'forty-five'])
      expect(electronSupport(version, day('2026-12-01')), version).toEqual({
        status: 'unknown',
        version,
      });
  });

  it('knows when the installed Electron goes out of support', () => {
    const installed = (
      JSON.parse(
        readFileSync(resolve(__dirname, '../../../node_modules/electron/package.json'), 'utf8'),
      ) as { version: string }
    ).version;
    const major = Number(installed.split('.')[0]);
    const released = ELECTRON_RELEASES.find((release) => release.major === major);
    expect(released?.planned, `Electron ${major} is in the table as released`).toBeUndefined();
    expect(supportEnds(major), `the end of Electron ${major}'s support`).not.toBeNull();
    expect(electronSupport(installed, day(released!.stable)).status).toBe('supported');
  });

  it('lists consecutive majors in date order, the planned ones last', () => {
    ELECTRON_RELEASES.slice(1).forEach((release, index) => {
      const before = ELECTRON_RELEASES[index]!;
      expect(release.major).toBe(before.major + 1);
      expect(release.stable > before.stable, `${release.major}`).toBe(true);
      if (before.planned) expect(release.planned, `${release.major}`).toBe(true);
    });
  });

  it('says which release, since when, and what to do', () => {
    expect(
      outOfSupportText({ status: 'out-of-support', version: '42.3.1', endedOn: '2026-10-20' }),
    ).toBe(
      'This console runs on Electron 42.3.1, which has been out of support since 2026-10-20: ' +
        'it gets no security fixes any more. Ask IT for a newer release of DQC Console.',
    );
    expect(outOfSupportText({ status: 'out-of-support', version: '29.4.6', endedOn: null })).toBe(
      'This console runs on Electron 29.4.6, which is out of support: it gets no security fixes ' +
        'any more. Ask IT for a newer release of DQC Console.',
    );
  });
});
