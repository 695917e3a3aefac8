import { join } from 'node:path';
import { z } from 'zod';
import {
  dismissalSchema,
  type Dismissal,
  type DismissalPayload,
} from '../../../shared/workbench/duplicateChannels';
import type { Logger } from '../log';
import { PerUserQueue } from '../userData/perUserQueue';
import { readUserJsonFile, writeJsonFile } from '../userData/jsonFile';

/** Pairs kept per user; the oldest go beyond it. */
export const MAX_DISMISSALS = 20_000;
const FILE = 'not-duplicates.json';
const fileSchema = z.object({ dismissals: z.array(dismissalSchema) });

export const pairKey = (pair: DismissalPayload): string =>
  `${pair.kind}\u001f${pair.detected.toLowerCase()}\u001f${pair.catalogue.toLowerCase()}`;

/**
 * Each user's "Not a duplicate" pairs (issue 49), in not-duplicates.json in their own folder, so
 * that a pair dismissed is not suggested again after a restart; a dismissal can be undone. One
 * queue per user, as prefs are kept (prefsStore.ts): two changes at once are both kept.
 */
export class DismissalStore {
  /** Each user's pairs, and where they are written: null keeps them to memory. */
  readonly #held = new Map<string, { list: Dismissal[]; folder: string | null }>();
  readonly #queue = new PerUserQueue();

  constructor(
    private readonly deps: {
      folderOf(username: string): Promise<string | null>;
      log: Logger;
      now?: () => Date;
    },
  ) {}

  list(username: string): Promise<Dismissal[]> {
    return this.#queue.run(username, async () => [...(await this.#read(username)).list]);
  }

  /** The pairs' keys (pairKey), for leaving them out of suggestions. */
  async keys(username: string): Promise<ReadonlySet<string>> {
    return new Set((await this.list(username)).map(pairKey));
  }

  dismiss(username: string, pair: DismissalPayload): Promise<Dismissal[]> {
    return this.#change(username, (list) => {
      const key = pairKey(pair);
      const rest = list.filter((d) => pairKey(d) !== key);
      const at = (this.deps.now?.() ?? new Date()).toISOString();
      return [{ ...pair, at }, ...rest].slice(0, MAX_DISMISSALS);
    });
  }

  restore(username: string, pair: DismissalPayload): Promise<Dismissal[]> {
    const key = pairKey(pair);
    return this.#change(username, (list) => list.filter((d) => pairKey(d) !== key));
  }

  #change(username: string, next: (list: Dismissal[]) => Dismissal[]): Promise<Dismissal[]> {
    return this.#queue.run(username, async () => {
      const held = await this.#read(username);
      const list = next(held.list);
      // Written first: a change that could not be kept is refused, and memory stays as the file.
      if (held.folder !== null) await writeJsonFile(join(held.folder, FILE), { dismissals: list });
      held.list = list;
      return [...list];
    });
  }

  async #read(username: string): Promise<{ list: Dismissal[]; folder: string | null }> {
    const held = this.#held.get(username);
    if (held) return held;
    const { value, folder } = await readUserJsonFile(
      await this.deps.folderOf(username),
      FILE,
      fileSchema,
      this.deps.log,
      new Date(),
    );
    const entry = { list: value?.dismissals ?? [], folder };
    this.#held.set(username, entry);
    return entry;
  }
}
