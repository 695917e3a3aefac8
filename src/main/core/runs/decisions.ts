import { randomUUID } from 'node:crypto';
import type { SessionView } from '../../../shared/auth';
import { bridgePayloadSchemas, callOfChannel, type BridgeChannel } from '../../../shared/bridge';
import { reviewTarget } from '../../../shared/journal';
import {
  CANNOT_UNDO,
  type DecisionResult,
  type CheckedDecide,
  type UndoResult,
} from '../../../shared/runs';
import type { AnyCall } from '../../../shared/api/call';
import { BridgeFailure } from '../bridgeFailure';
import type { UserJournals } from '../writes/userJournals';
import { journalled } from '../writes/journalled';
import { callText, summaryOf } from '../writes/writeChannels';
import type { ReviewCalls } from './reviewCalls';
import { differences, keyOf, stateOf, type ItemState } from './reviewItemState';

interface Undoable {
  undoId: string;
  username: string;
  filterType: CheckedDecide['filterType'];
  id: number;
  /** As the user left it: the decision made, the reviewer the card showed. */
  after: ItemState & { selected: boolean };
}

/** Undoable decisions kept per user (the newest ones; ctrl+z walks back through them). */
const KEEP_UNDOABLE = 100;

export interface DecisionsDeps {
  calls: ReviewCalls;
  journals: UserJournals;
  session: { view(): SessionView };
  /** Sends one declared call with a checked payload (core's one caller). */
  send(
    declared: AnyCall,
    fields: Record<string, unknown>,
    onStatus: (status: number) => void,
  ): Promise<unknown>;
}

/**
 * A card's decisions, sent by core so that each is journalled with the state the card showed, and
 * a decision that flipped the item (Select on an eliminated item, Eliminate on a kept one) can be
 * undone: undo reads the item again and sends the opposite manual change only if the item is still
 * as the user left it.
 */
export class Decisions {
  readonly #undoable: Undoable[] = [];

  constructor(private readonly deps: DecisionsDeps) {}

  async decide(payload: CheckedDecide): Promise<DecisionResult> {
    const username = this.#username();
    const { filterType, id, change, before, fields } = payload;
    const channel: BridgeChannel =
      change === 'add-eliminated-keyword' ? 'review.addEliminatedKeyword' : 'review.manualChange';
    const request = {
      ...fields,
      filterType,
      ...(channel === 'review.manualChange' ? { case: change } : {}),
    };
    const parsed = bridgePayloadSchemas[channel].safeParse(request);
    if (!parsed.success)
      throw new BridgeFailure(
        400,
        'INVALID_PAYLOAD',
        `Invalid decision: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    const { filterType: _type, ...sent } = parsed.data as Record<string, unknown>;
    const entry = {
      channel,
      call: callText(channel, request),
      area: 'review' as const,
      target: reviewTarget(filterType, id),
      summary: summaryOf(sent),
      before: { selected: before.selected, reviewedBy: before.reviewedBy },
      runId: null,
    };
    await journalled(this.deps.journals, username, entry, (onStatus) =>
      this.deps.send(callOfChannel(channel, filterType)!, sent, onStatus),
    );

    const keyword = typeof sent.keyword === 'string' && sent.keyword.trim() !== '';
    const selected = change === 'manually-select';
    const flips =
      (change === 'manually-select' || change === 'manually-eliminate') &&
      before.selected !== null &&
      before.selected !== selected;
    if (!flips) return { undoId: null, cannotUndo: null };
    const undoable: Undoable = {
      undoId: randomUUID(),
      username,
      filterType,
      id,
      after: { selected, reviewedBy: before.reviewedBy },
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

  async undo(undoId: string): Promise<UndoResult> {
    const username = this.#username();
    const index = this.#undoable.findIndex((u) => u.undoId === undoId && u.username === username);
    if (index < 0)
      throw new BridgeFailure(404, 'NOTHING_TO_UNDO', 'This decision can no longer be undone.');
    const [undoable] = this.#undoable.splice(index, 1);
    return this.#undoOne(undoable!);
  }

  async undoLast(): Promise<UndoResult> {
    const username = this.#username();
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
      onStatus(await this.deps.calls.write(filterType, write, id, keyOf(filterType, now))),
    );
    return {
      restored: true,
      message: `Undone: ${target} is ${after.selected ? 'eliminated' : 'selected'} again.`,
    };
  }

  #username(): string {
    const view = this.deps.session.view();
    if (!view.signedIn || !view.username)
      throw new BridgeFailure(401, 'SESSION_ENDED', 'You are not signed in.');
    return view.username;
  }
}
