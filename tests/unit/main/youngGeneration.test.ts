import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  keepYoungGenerationSmall,
  YOUNG_GENERATION_FLAGS,
} from '../../../src/main/core/youngGeneration';

/**
 * Core's young generation stays small (youngGeneration.ts). V8's flags belong to a process, so
 * each reading comes from a Node process of its own running the same load, once as it is and
 * once after keepYoungGenerationSmall: the first shows the load does grow the space, so that the
 * second's small space is the flag's doing.
 */
const ROOT = join(__dirname, '../../..');
const MiB = 2 ** 20;

async function newSpaceAfterLoad(mode: 'keep' | 'default'): Promise<number> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(__dirname, 'fixtures/youngGenerationLoad.ts'), mode],
    { cwd: ROOT },
  );
  const { kept, newSpace } = JSON.parse(stdout) as { kept: number; newSpace: number | null };
  expect(kept).toBe(2_000_000);
  expect(newSpace).not.toBeNull();
  return newSpace!;
}

describe("core's young generation", () => {
  it('passes the growth factor to V8 as one flag string', () => {
    const flags: string[] = [];
    keepYoungGenerationSmall((text) => flags.push(text));
    expect(flags).toEqual(['--semi-space-growth-factor=1']);
    expect(YOUNG_GENERATION_FLAGS).toBe(flags[0]);
  });

  it('keeps the new space at a few MiB under a load that grows it to 16 MiB and more', async () => {
    const [grown, kept] = await Promise.all([
      newSpaceAfterLoad('default'),
      newSpaceAfterLoad('keep'),
    ]);
    expect(grown).toBeGreaterThanOrEqual(16 * MiB);
    // Seen: 32 MiB as it is, 4 MiB kept small.
    expect(kept).toBeLessThanOrEqual(8 * MiB);
  }, 60_000);
});
