import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  ROOM_TO_GROW_FLAGS,
  YOUNG_GENERATION_FLAGS,
  youngGenerationControl,
} from '../../../src/main/core/youngGeneration';

/**
 * Core's young generation stays small, except while it parses the catalogue
 * (youngGeneration.ts). V8's flags belong to a process, so each reading comes from a Node process
 * of its own running the same load: as V8 sizes it, after keepYoungGenerationSmall, and inside
 * withRoomToGrow. The first shows the load does grow the space, so that the second's small space
 * is the flag's doing.
 */
const ROOT = join(__dirname, '../../..');
const MiB = 2 ** 20;

async function newSpaceAfterLoad(mode: 'default' | 'keep' | 'room'): Promise<number> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    // V8's own limit is set here, not left to the machine: V8 derives it from the memory it sees.
    [
      '--max-semi-space-size=16',
      '--import',
      'tsx',
      join(__dirname, 'fixtures/youngGenerationLoad.ts'),
      mode,
    ],
    { cwd: ROOT },
  );
  const { kept, newSpace } = JSON.parse(stdout) as { kept: number; newSpace: number | null };
  expect(kept).toBe(2_000_000);
  expect(newSpace).not.toBeNull();
  return newSpace!;
}

function recorded() {
  const flags: string[] = [];
  return { flags, control: youngGenerationControl((text) => flags.push(text)) };
}

describe("core's young generation", () => {
  it('is kept small with one flag string, the growth factor', () => {
    const { flags, control } = recorded();
    control.keepSmall();
    expect(flags).toEqual(['--semi-space-growth-factor=1']);
    expect(YOUNG_GENERATION_FLAGS).toBe(flags[0]);
  });

  it('gives V8 its own growth for a piece of work, then keeps it small again, even if the work throws', () => {
    const { flags, control } = recorded();
    control.keepSmall();
    expect(control.withRoomToGrow(() => flags.length)).toBe(2);
    expect(flags).toEqual([YOUNG_GENERATION_FLAGS, ROOM_TO_GROW_FLAGS, YOUNG_GENERATION_FLAGS]);
    expect(ROOM_TO_GROW_FLAGS).toBe('--semi-space-growth-factor=2');
    expect(() =>
      control.withRoomToGrow(() => {
        throw new Error('not JSON');
      }),
    ).toThrow('not JSON');
    expect(flags.slice(3)).toEqual([ROOM_TO_GROW_FLAGS, YOUNG_GENERATION_FLAGS]);
  });

  it('leaves a process that never asked for a small young generation as it is', () => {
    const { flags, control } = recorded();
    expect(control.withRoomToGrow(() => 'parsed')).toBe('parsed');
    expect(flags).toEqual([]);
  });

  it('keeps the new space at a few MiB under a load that grows it to 16 MiB and more, except with room to grow', async () => {
    const [grown, kept, room] = await Promise.all([
      newSpaceAfterLoad('default'),
      newSpaceAfterLoad('keep'),
      newSpaceAfterLoad('room'),
    ]);
    expect(grown).toBeGreaterThanOrEqual(16 * MiB);
    // Seen: 32 MiB as V8 sizes it, 4 MiB kept small.
    expect(kept).toBeLessThanOrEqual(8 * MiB);
    expect(room).toBeGreaterThanOrEqual(16 * MiB);
  }, 60_000);
});
