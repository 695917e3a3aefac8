import { isAxiosError, type AxiosInstance } from 'axios';
import { REVIEW_GROUPS } from '../../../shared/api';
import { newsItemRecord, tweetItemRecord, type ReviewItem } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';
import {
  CONFLICT_CODE,
  conflictSummary,
  ifMatchOf,
  type ConflictChange,
  type ItemConflict,
} from '../../../shared/conflict';
import { reviewTarget } from '../../../shared/journal';
import type { ShownItem } from '../../../shared/runs';
import { parseAnswerText } from '../api/answerText';
import { sendCall, type SessionValues } from '../api/sendCall';
import { BridgeFailure, toBridgeError } from '../bridgeFailure';
import type { ServerExtensions } from '../insight/serverExtensions';

/** Sends the decision, with these headers over its own (If-Match). */
export type DecisionSend = (headers?: Record<string, string>) => Promise<unknown>;

/** The code of a decision not sent because the item could not be read again to check it. */
export const RECHECK_FAILED = 'RECHECK_FAILED';
/** The code of a decision given up on: the item's version kept moving (see below). */
export const STILL_CHANGING = 'STILL_CHANGING';

/**
 * Conditional attempts before giving up on an item whose version keeps moving in ways its card
 * does not show (a keyword added, a model run's ratio): each is one write refused with 412.
 */
const CONDITIONAL_ATTEMPTS = 3;

export interface ConflictCheckDeps {
  api: AxiosInstance;
  extensions: Pick<ServerExtensions, 'offers'>;
  now?: () => Date;
}

/**
 * No silent overwrite (DESIGN.md, "Several people at once"): a card's decision is sent only if the
 * item is still as the card showed it (its decision and its reviewer). Where the server offers
 * conditional-writes and the card knew the item's version, that is one write with If-Match, which
 * the server refuses with 412 and the item now when it moved on; against any other provider the
 * item is read again first (SPEC.md 7's find by id), which leaves the moment between the read and
 * the write open. On a change, nothing is written and the decision fails with a CONFLICT that says
 * what changed, who made it and when (src/shared/conflict.ts), for the card to offer Keep theirs
 * or Apply mine.
 */
export class ConflictCheck {
  constructor(private readonly deps: ConflictCheckDeps) {}

  async send(
    filterType: FilterType,
    shown: ShownItem,
    user: SessionValues,
    send: DecisionSend,
  ): Promise<unknown> {
    if (shown.version !== undefined && (await this.deps.extensions.offers('conditional-writes')))
      return this.#conditional(filterType, shown, shown.version, user, send);
    this.#refuseIfChanged(filterType, shown, await this.#read(filterType, shown.id, user));
    return send();
  }

  async #conditional(
    filterType: FilterType,
    shown: ShownItem,
    version: number,
    user: SessionValues,
    send: DecisionSend,
  ): Promise<unknown> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await send({ 'If-Match': ifMatchOf(version) });
      } catch (error) {
        if (!isAxiosError(error) || error.response?.status !== 412) throw error;
        const now =
          staleItemOf(error.response.data, filterType) ??
          (await this.#read(filterType, shown.id, user));
        this.#refuseIfChanged(filterType, shown, now);
        // Moved on only in what the card does not show: decided against the version it has now.
        if (now.version === undefined || attempt >= CONDITIONAL_ATTEMPTS)
          throw new BridgeFailure(
            409,
            STILL_CHANGING,
            `${reviewTarget(filterType, shown.id)} kept changing while your decision was sent; nothing was written. Try again.`,
          );
        version = now.version;
      }
    }
  }

  async #read(filterType: FilterType, id: number, user: SessionValues): Promise<ReviewItem> {
    try {
      const findById = REVIEW_GROUPS[filterType].findById;
      return (await sendCall(this.deps.api, findById, { id }, user)) as ReviewItem;
    } catch (error) {
      const failure = toBridgeError(error);
      if (failure.code === 'SESSION_ENDED') throw error;
      throw new BridgeFailure(
        failure.status,
        RECHECK_FAILED,
        `${reviewTarget(filterType, id)} could not be read again to check that nobody changed it, so nothing was written: ${failure.message}`,
      );
    }
  }

  #refuseIfChanged(filterType: FilterType, shown: ShownItem, now: ReviewItem): void {
    const found = conflictOf(filterType, shown, now, (this.deps.now ?? (() => new Date()))());
    if (found === null) return;
    throw new BridgeFailure(409, CONFLICT_CODE, conflictMessage(found), found);
  }
}

/** What a conflict says to the reviewer: the item, what changed and who; nothing written. */
export const conflictMessage = (conflict: ItemConflict): string =>
  `${reviewTarget(conflict.filterType, conflict.id)} changed since its card was drawn (${conflictSummary(conflict)}); nothing was written.`;

/** The item a 412 carries (our server's `current`), read as any item is; null when there is none. */
function staleItemOf(data: unknown, filterType: FilterType): ReviewItem | null {
  const body = parseAnswerText(data);
  if (typeof body !== 'object' || body === null || !('current' in body)) return null;
  const reader = filterType === 'news' ? newsItemRecord : tweetItemRecord;
  return reader.read(body.current);
}

/**
 * How the item now differs from what its card showed (its decision, its reviewer), or null when it
 * does not. Who: the manual decision's author where the provider says (our server), else the
 * reviewer the item now names when that changed too; when: the item's last write where it says.
 */
export function conflictOf(
  filterType: FilterType,
  shown: ShownItem,
  now: ReviewItem,
  foundAt: Date,
): ItemConflict | null {
  const changes: ConflictChange[] = [];
  if (shown.selected !== null && now.selected !== undefined && now.selected !== shown.selected)
    changes.push({ field: 'selected', shown: shown.selected, now: now.selected });
  const reviewedBy = now.reviewedBy ?? null;
  const reviewChanged = reviewedBy !== shown.reviewedBy;
  if (reviewChanged)
    changes.push({ field: 'reviewedBy', shown: shown.reviewedBy, now: reviewedBy });
  if (changes.length === 0) return null;
  const decided = changes[0]!.field === 'selected';
  const reviewer = reviewChanged ? reviewedBy : null;
  return {
    filterType,
    id: shown.id,
    changes,
    by: (decided ? (now.manuallyChangedBy ?? reviewer) : reviewer) ?? null,
    at: now.changedAt ?? null,
    foundAt: foundAt.toISOString(),
    current: now,
  };
}
