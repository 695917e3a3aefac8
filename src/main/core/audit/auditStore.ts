import { join } from 'node:path';
import { z } from 'zod';
import {
  auditAnswerSchema,
  auditAnswerSetSchema,
  auditWindowSchema,
  type AuditAnswerSet,
  type AuditWindow,
  AUDIT_MESSAGES,
} from '../../../shared/quality/auditChannels';
import type { AuditAnswer } from '../../../shared/quality/auditRecord';
import { BridgeFailure } from '../bridgeFailure';
import type { Logger } from '../log';
import { readJsonFile, writeJsonFile } from '../userData/jsonFile';
import { sampleItemSchema, type SampleItem } from './sampleItem';
import { PerUserQueue } from '../userData/perUserQueue';

/** The user's current sample, with its answers so far. */
export interface StoredSample {
  id: string;
  window: AuditWindow;
  drawnAt: string;
  /** The size asked for. */
  size: number;
  sizes: Record<string, number>;
  emptyStrata: string[];
  /** In serving order. */
  items: SampleItem[];
  answers: AuditAnswer[];
}

const storedSampleSchema = z.object({
  id: z.string(),
  window: auditWindowSchema,
  drawnAt: z.string(),
  size: z.number().int(),
  sizes: z.record(z.string(), z.number()),
  emptyStrata: z.array(z.string()),
  items: z.array(sampleItemSchema),
  answers: z.array(auditAnswerSchema),
}) satisfies z.ZodType<StoredSample>;

const sampleFileSchema = z.object({ sample: storedSampleSchema.nullable() });
const historyFileSchema = z.object({ samples: z.array(auditAnswerSetSchema) });

/** The current sample (rewritten at each answer) and the earlier samples' answers, apart. */
export const SAMPLE_FILE = 'audit-sample.json';
export const HISTORY_FILE = 'audit-history.json';

export interface AuditState {
  sample: StoredSample | null;
  /** Earlier samples' answers, newest first: the estimates' history. */
  history: AuditAnswerSet[];
}

interface UserEntry extends AuditState {
  /** Where each file is written; null: memory only (no folder, or a file that cannot be read). */
  samplePath: string | null;
  historyPath: string | null;
}

export interface AuditStoreOptions {
  /** The user's own folder, or null to keep the audit in memory (UserJournals.folderOf). */
  folderOf(username: string): Promise<string | null>;
  log: Logger;
  now?: () => Date;
}

const sameItem = (a: AuditAnswer, b: AuditAnswer) =>
  a.itemId === b.itemId && a.stratum.source === b.stratum.source;

/** A sample's answers as the estimates read them. */
export const answerSetOf = (sample: StoredSample): AuditAnswerSet => ({
  sampleId: sample.id,
  window: sample.window,
  drawnAt: sample.drawnAt,
  sizes: sample.sizes,
  answers: sample.answers,
});

/**
 * Each user's audit, in their own folder (never a token in it: nothing here has a place for one),
 * read once and kept in memory. One sample at a time: a new one moves the answers of the one before
 * into the history, which keeps them for the estimates. Every read and change of one user goes
 * through one queue, so that two answers at once are both kept and no two writes of a file overlap.
 */
export class AuditStore {
  readonly #users = new Map<string, UserEntry>();
  readonly #queue = new PerUserQueue();

  constructor(private readonly options: AuditStoreOptions) {}

  /** The user's audit as it is now. */
  get(username: string): Promise<AuditState> {
    return this.#queue.run(username, async () => {
      const { sample, history } = await this.#entry(username);
      return { sample, history };
    });
  }

  /**
   * Makes `sample` the current one. The answers of the one before go to the history first, so that
   * a crash between the two writes leaves them in both files, which reading resolves (#entry), and
   * never in neither. Refused (500), nothing changed, when the sample cannot be saved.
   */
  replace(username: string, sample: StoredSample): Promise<void> {
    return this.#queue.run(username, async () => {
      const entry = await this.#entry(username);
      const before = entry.sample;
      const history =
        before && before.answers.length > 0
          ? [answerSetOf(before), ...entry.history]
          : entry.history;
      try {
        if (history !== entry.history && entry.historyPath)
          await writeJsonFile(entry.historyPath, { samples: history });
        if (entry.samplePath) await writeJsonFile(entry.samplePath, { sample });
      } catch (error) {
        this.options.log.warn('The audit sample could not be saved:', error);
        throw new BridgeFailure(
          500,
          'AUDIT_NOT_SAVED',
          `The new audit sample could not be saved, so the one before is kept: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      entry.history = history;
      entry.sample = sample;
    });
  }

  /**
   * Counts an answer in its sample: the current one, or an earlier one when a new sample was
   * started while the answer was on its way. Refused (409) when that item is answered already, so
   * nothing is counted twice. A write that fails is logged and the answer kept in memory: its
   * decision was sent already, and the next write carries it.
   */
  addAnswer(username: string, sampleId: string, answer: AuditAnswer): Promise<void> {
    return this.#queue.run(username, async () => {
      const entry = await this.#entry(username);
      const set =
        entry.sample?.id === sampleId
          ? entry.sample
          : entry.history.find((earlier) => earlier.sampleId === sampleId);
      if (!set) throw new BridgeFailure(404, 'NOT_IN_SAMPLE', AUDIT_MESSAGES.notInSample);
      if (set.answers.some((given) => sameItem(given, answer)))
        throw new BridgeFailure(409, 'ALREADY_ANSWERED', AUDIT_MESSAGES.alreadyAnswered);
      set.answers = [...set.answers, answer];
      const current = set === entry.sample;
      const path = current ? entry.samplePath : entry.historyPath;
      if (path)
        await writeJsonFile(
          path,
          current ? { sample: entry.sample } : { samples: entry.history },
        ).catch((error: unknown) =>
          this.options.log.warn('An audit answer could not be saved; kept in memory:', error),
        );
    });
  }

  async #entry(username: string): Promise<UserEntry> {
    const known = this.#users.get(username);
    if (known) return known;
    const folder = await this.options.folderOf(username);
    const entry: UserEntry = { sample: null, history: [], samplePath: null, historyPath: null };
    if (folder !== null) {
      const now = this.options.now?.() ?? new Date();
      const samplePath = join(folder, SAMPLE_FILE);
      const historyPath = join(folder, HISTORY_FILE);
      const sample = await readJsonFile(samplePath, sampleFileSchema, this.options.log, now);
      const history = await readJsonFile(historyPath, historyFileSchema, this.options.log, now);
      if (sample.kind === 'read') {
        entry.samplePath = samplePath;
        entry.sample = sample.value?.sample ?? null;
      }
      if (history.kind === 'read') {
        entry.historyPath = historyPath;
        entry.history = history.value?.samples ?? [];
      }
      // Cut off between replace's two writes: the current sample's answers are its own.
      const current = entry.sample?.id;
      entry.history = entry.history.filter((set) => set.sampleId !== current);
    }
    this.#users.set(username, entry);
    return entry;
  }
}
