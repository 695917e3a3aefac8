import { randomUUID } from 'node:crypto';
import type { FilterType } from '../../../shared/bodies/review';
import type { BridgeChannel } from '../../../shared/bridge';
import { reviewTarget } from '../../../shared/journal';
import {
  CANNOT_UNDO,
  type DecisionResult,
  type ShownItem,
  type UndoResult,
} from '../../../shared/runs';
import { BridgeFailure } from '../bridgeFailure';
import type { CallContext } from '../bridge/callContext';
import type { LocalService } from '../bridge/localServices';
import type { UserJournals } from '../writes/userJournals';
import { journalled } from '../writes/journalled';
import type { ReviewCalls } from './reviewCalls';
import { differences, keyOf, stateOf, type ItemState } from './reviewItemState';

interface Undoable {
  undoId: string;
  username: string;
  filterType: FilterType;
  id: number;
  /** As the user left it: the decision made, the reviewer the card showed. */
  after: ItemState & { selected: boolean };
}

/** Undoable decisions kept per user (the newest ones; ctrl+z walks back through them). */
const KEEP_UNDOABLE = 100;

export interface DecisionsDeps {
  calls: ReviewCalls;
  journals: UserJournals;
}

/** A card's decision as it was sent: the declared call's checked fields and what the card showed. */
export interface SentDecision {
  channel: BridgeChannel;
  filterType: FilterType;
  fields: Record<string, unknown>;
  shown: ShownItem;
}

/**
 * The undo of a card's decisions. A decision is sent and journalled by the one wrapper of every
 * write (writes/journalWrite.ts); one that flipped the item (Select on an eliminated item,
 * Eliminate on a kept one) is then offered here. Undo reads the item again and sends the opposite
 * manual change only if the item is still as the user left it. The undo.* channels bind to it.
 */
export class Decisions implements LocalService<'undo'> {
  readonly #undoable: Undoable[] = [];

  constructor(private readonly deps: DecisionsDeps) {}

  /** After a decision landed: its undo, when it flipped the item, and what undo cannot take back. */
  offer(username: string, { channel, filterType, fields, shown }: SentDecision): DecisionResult {
    const change = channel === 'review.manualChange' ? fields.case : 'add-eliminated-keyword';
    const keyword = typeof fields.keyword === 'string' && fields.keyword.trim() !== '';
    const selected = change === 'manually-select';
    const flips =
      (change === 'manually-select' || change === 'manually-eliminate') &&
      shown.selected !== null &&
      shown.selected !== selected;
    if (!flips) return { undoId: null, cannotUndo: null };
    const undoable: Undoable = {
      undoId: randomUUID(),
      username,
      filterType,
      id: shown.id,
      after: { selected, reviewedBy: shown.reviewedBy },
    };
    this.#undoable.push(undoable);
    if (this.#undoable.length > KEEP_UNDOABLE) this.#undoable.shift();
    return {
      undoId: undoable.undoId,
      cannotUndo: keyword
        ? `${CANNOT_UNDO.keyword} ${CANNOT_UNDO.manuallyChanged}`
        : CANNOT_UNDO.manuallyChanged,
    };
  }

  /** undo.decision: undoes one decision, if the item is still as the user left it. */
  async decision({ undoId }: { undoId: string }, context: CallContext): Promise<UndoResult> {
    const username = context.user();
    const index = this.#undoable.findIndex((u) => u.undoId === undoId && u.username === username);
    if (index < 0)
      throw new BridgeFailure(404, 'NOTHING_TO_UNDO', 'This decision can no longer be undone.');
    const [undoable] = this.#undoable.splice(index, 1);
    return this.#undoOne(undoable!);
  }

  /** undo.last: the user's last undoable decision (ctrl+z / cmd+z). */
  async last(_: undefined, context: CallContext): Promise<UndoResult> {
    const username = context.user();
    for (let i = this.#undoable.length - 1; i >= 0; i--) {
      if (this.#undoable[i]!.username !== username) continue;
      const [undoable] = this.#undoable.splice(i, 1);
      return this.#undoOne(undoable!);
    }
    return { restored: false, message: 'Nothing to undo.' };
  }

  async #undoOne({ username, filterType, id, after }: Undoable): Promise<UndoResult> {
    const target = reviewTarget(filterType, id);
    const now = await this.deps.calls.findById(filterType, id);
    const changed = differences(after, stateOf(now));
    if (changed !== null)
      return {
        restored: false,
        message: `Left as is: ${target} was changed since your decision (${changed}).`,
      };
    const write = after.selected ? 'manually-eliminate' : 'manually-select';
    const described = this.deps.calls.describe(filterType, write, id);
    const entry = {
      ...described,
      area: 'review' as const,
      target,
      summary: `${write} (undo)`,
      before: { selected: after.selected, reviewedBy: after.reviewedBy },
      runId: null,
    };
    // Written whatever the outcome: a failed undo is thrown on after its entry.
    await journalled(this.deps.journals, username, entry, async (onStatus) =>
      onStatus(
        await this.deps.calls.write(filterType, write, id, keyOf(filterType, now), username),
      ),
    );
    return {
      restored: true,
      message: `Undone: ${target} is ${after.selected ? 'eliminated' : 'selected'} again.`,
    };
  }
}
