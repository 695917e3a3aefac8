import type { ElectronSupport } from '../../../shared/desktop';

/** One Electron major and the day its first stable release came out (or is planned to). */
export interface ElectronRelease {
  major: number;
  stable: string;
  /** A date from the schedule rather than a release that happened. */
  planned?: true;
}

/**
 * Electron's stable releases (https://releases.electronjs.org/schedule; up to 40 the table of
 * docs/tutorial/electron-timelines.md). Electron supports its latest three stable majors, so a
 * major's support ends the day the third major after it ships. Each major ships with a Chromium
 * stable: every other milestone until Electron 44 (M152), every fourth from Electron 45, when
 * Chrome moved to a release every two weeks (M153 on 2026-09-08). The planned rows are that
 * schedule carried forward; a row becomes a release when it ships, and a new row goes in when
 * the app moves to a newer major (the test of this table asks for its end date).
 */
export const ELECTRON_RELEASES: readonly ElectronRelease[] = [
  { major: 33, stable: '2024-10-15' },
  { major: 34, stable: '2025-01-14' },
  { major: 35, stable: '2025-03-04' },
  { major: 36, stable: '2025-04-29' },
  { major: 37, stable: '2025-06-24' },
  { major: 38, stable: '2025-09-02' },
  { major: 39, stable: '2025-10-28' },
  { major: 40, stable: '2026-01-13' },
  { major: 41, stable: '2026-03-10' },
  { major: 42, stable: '2026-05-05' },
  { major: 43, stable: '2026-06-30' },
  { major: 44, stable: '2026-08-25' },
  { major: 45, stable: '2026-10-20' },
  { major: 46, stable: '2026-12-15', planned: true },
  { major: 47, stable: '2027-02-09', planned: true },
  { major: 48, stable: '2027-04-06', planned: true },
];

/** How many stable majors Electron supports at a time. */
const SUPPORTED_MAJORS = 3;

/** The day a major's support ends: the stable release of the third major after it. */
export function supportEnds(
  major: number,
  releases: readonly ElectronRelease[] = ELECTRON_RELEASES,
): string | null {
  return releases.find((release) => release.major === major + SUPPORTED_MAJORS)?.stable ?? null;
}

/**
 * Whether an Electron version (process.versions.electron) is supported on a day. Support ends on
 * the day (UTC) its successor's successor's successor ships; a major older than the table is out
 * of support, one newer than it is unknown.
 */
export function electronSupport(
  version: string,
  today: Date,
  releases: readonly ElectronRelease[] = ELECTRON_RELEASES,
): ElectronSupport {
  const major = /^(\d+)\.\d+\.\d+/.exec(version)?.[1];
  if (major === undefined || releases.length === 0) return { status: 'unknown', version };
  const ends = supportEnds(Number(major), releases);
  if (ends === null) {
    const oldest = releases[0]!.major;
    return Number(major) + SUPPORTED_MAJORS < oldest
      ? { status: 'out-of-support', version, endedOn: null }
      : { status: 'unknown', version };
  }
  const day = today.toISOString().slice(0, 10);
  return day >= ends
    ? { status: 'out-of-support', version, endedOn: ends }
    : { status: 'supported', version };
}
