import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkPrivateFolder,
  chooseDestination,
  downloadsFolder,
} from '../../../src/main/core/export/destination';

/**
 * Browser mode's export folder (exports wait there until downloaded): one made by mkdtemp under
 * the OS temp folder, this user's alone, never a folder of a fixed name someone else could have
 * made first.
 */

const uid = process.getuid?.();
let base = '';

beforeEach(() => {
  // The OS temp folder of these tests: os.tmpdir() reads TMPDIR on every call.
  base = mkdtempSync(join(tmpdir(), 'dqc-export-folder-'));
  vi.stubEnv('TMPDIR', base);
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(base, { recursive: true, force: true });
});

const modeOf = (path: string) => lstatSync(path).mode & 0o777;

describe.skipIf(uid === undefined)('browser mode export folder', () => {
  it('is a new folder of its own, 0700 and owned by this user; a pre-made dqc-console-exports is not used', async () => {
    // Another local user got there first, with a folder anyone may write to and list.
    const squatted = join(base, 'dqc-console-exports');
    mkdirSync(squatted);
    chmodSync(squatted, 0o777);

    const folder = await downloadsFolder(null);
    expect(dirname(folder)).toBe(base);
    expect(folder).not.toBe(squatted);
    expect(basename(folder)).toMatch(/^dqc-console-exports-\w{6}$/);
    expect(modeOf(folder)).toBe(0o700);
    expect(lstatSync(folder).uid).toBe(uid);

    const destination = await chooseDestination(null, null, 'review.csv', 'csv');
    expect(dirname(destination!.path)).toBe(folder);
    expect(readdirSync(squatted)).toEqual([]);
    // One folder for the process, checked again on each use.
    await expect(downloadsFolder(null)).resolves.toBe(folder);
  });

  it('makes a new one when its folder was removed, and refuses one someone else put in its place', async () => {
    const first = await downloadsFolder(null);
    rmSync(first, { recursive: true });
    const second = await downloadsFolder(null);
    expect(second).not.toBe(first);
    expect(modeOf(second)).toBe(0o700);

    rmSync(second, { recursive: true });
    mkdirSync(second);
    chmodSync(second, 0o777);
    await expect(downloadsFolder(null)).rejects.toThrow(
      `The export folder ${second} is not private to you (owner ${uid}, mode 0777), so nothing is written there.`,
    );
  });

  it('refuses a folder open to others, owned by someone else, or a symbolic link', async () => {
    const open = join(base, 'open');
    mkdirSync(open);
    chmodSync(open, 0o750);
    await expect(checkPrivateFolder(open)).rejects.toThrow(/not private to you .*mode 0750/);

    const mine = join(base, 'mine');
    mkdirSync(mine, { mode: 0o700 });
    await expect(checkPrivateFolder(mine)).resolves.toBeUndefined();
    // The same folder, checked as if this process ran as another user.
    await expect(checkPrivateFolder(mine, uid! + 1)).rejects.toThrow(
      `not private to you (owner ${uid}, mode 0700)`,
    );

    const link = join(base, 'link');
    symlinkSync(mine, link);
    await expect(checkPrivateFolder(link)).rejects.toThrow(
      `The export folder ${link} is not a folder, so nothing is written there.`,
    );
  });
});
