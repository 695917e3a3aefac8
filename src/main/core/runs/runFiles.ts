import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { BULK_ACTIONS, RUN_STATUSES, type RunKind, type RunStatus } from '../../../shared/runs';
import { filterTypeSchema } from '../../../shared/bodies/review';
import type { SnapshotItem } from './reviewItemState';
import type { ItemWrite } from './reviewCalls';

/**
 * A run's definition as kept on disk, in the user's folder (runs/<id>.json): its frozen input and
 * its status, written whole (temp file and rename) when it is frozen and at every change of status,
 * never per item. What each item came to is in the journal (the run's entries), which is how a run
 * cut off by a quit or a crash resumes without writing anything twice.
 */
export interface RunFile {
  version: 1;
  id: string;
  kind: RunKind;
  action: (typeof BULK_ACTIONS)[number];
  /** What each item's write sends (an undo sends the opposite of its run's). */
  write: ItemWrite;
  filterType: z.infer<typeof filterTypeSchema>;
  username: string;
  status: RunStatus;
  matched: number;
  leftOut: number;
  items: SnapshotItem[];
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  undoOf: string | null;
  undoneBy: string | null;
  /**
   * A story decided by this run (the stories extension): recorded on the server once the run is
   * done, and taken back once its undo is.
   */
  story?: RunStory;
}

export interface RunStory {
  id: number;
  decision: 'select' | 'eliminate';
  /** The story's version when it was shown (the run refuses to start on another). */
  version: number;
  /** Its version once the decision was recorded (at start): what its undo clears it at. */
  recorded?: number;
}

const stateSchema = z.object({
  selected: z.boolean().optional(),
  reviewedBy: z.string().nullable(),
  manuallyChanged: z.boolean().optional(),
});
const runFileSchema = z.object({
  version: z.literal(1),
  id: z.string().regex(/^[a-z0-9-]{8,64}$/),
  kind: z.enum(['bulk', 'undo']),
  action: z.enum(BULK_ACTIONS),
  write: z.enum(['manually-select', 'manually-eliminate', 'reviewed']),
  filterType: filterTypeSchema,
  username: z.string(),
  status: z.enum(RUN_STATUSES),
  matched: z.number(),
  leftOut: z.number(),
  items: z.array(
    z.object({
      id: z.number(),
      key: z.union([
        z.object({ tweetId: z.string(), twitterUserName: z.string() }),
        z.object({ newsId: z.string(), website: z.string(), accountName: z.string().nullable() }),
      ]),
      expect: stateSchema,
    }),
  ),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  undoOf: z.string().nullable(),
  undoneBy: z.string().nullable(),
  story: z
    .object({
      id: z.number(),
      decision: z.enum(['select', 'eliminate']),
      version: z.number(),
      recorded: z.number().optional(),
    })
    .optional(),
}) satisfies z.ZodType<RunFile>;

export class RunFiles {
  constructor(private readonly folder: string) {}

  async save(run: RunFile): Promise<void> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    const path = join(this.folder, `${run.id}.json`);
    const temp = `${path}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(run), { mode: 0o600 });
    await rename(temp, path);
  }

  async remove(id: string): Promise<void> {
    await rm(join(this.folder, `${id}.json`), { force: true });
  }

  /** Every readable run file; a file that does not read is skipped (and left for a person). */
  async loadAll(): Promise<{ runs: RunFile[]; unreadable: string[] }> {
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch {
      return { runs: [], unreadable: [] };
    }
    const runs: RunFile[] = [];
    const unreadable: string[] = [];
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      try {
        const text = await readFile(join(this.folder, name), 'utf8');
        runs.push(runFileSchema.parse(JSON.parse(text)));
      } catch {
        unreadable.push(name);
      }
    }
    return { runs, unreadable };
  }
}
