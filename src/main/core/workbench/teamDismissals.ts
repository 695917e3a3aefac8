import type { TeamNotDuplicate } from '../../../shared/api/notDuplicates';
import type { DismissalPayload } from '../../../shared/workbench/duplicateChannels';
import type { CallContext } from '../bridge/callContext';
import { HeldRead } from './heldRead';

/** How long the team's list is used before it is read again. */
export const TEAM_LIST_HELD_MS = 60_000;

/** The server's not-duplicates extension as core reaches it (handlers.ts sends the calls). */
export interface TeamDismissalCalls {
  offered(): Promise<boolean>;
  list(context: CallContext): Promise<TeamNotDuplicate[]>;
  add(pair: DismissalPayload, context: CallContext): Promise<unknown>;
  remove(pair: DismissalPayload, context: CallContext): Promise<unknown>;
}

/**
 * The team's "not a duplicate" pairs (issue 49), where the server offers them: read once a minute
 * at most for the suggestions, told of each dismissal and its undo. Against any other server it
 * says nothing and is told nothing.
 */
export class TeamDismissals {
  readonly #held: HeldRead<TeamNotDuplicate[]>;

  constructor(
    private readonly calls: TeamDismissalCalls,
    now: () => number = Date.now,
  ) {
    this.#held = new HeldRead(TEAM_LIST_HELD_MS, now);
  }

  /** The team's pairs, or [] when the server does not offer them. */
  async list(context: CallContext): Promise<TeamNotDuplicate[]> {
    if (!(await this.calls.offered())) return [];
    return this.#held.get(context.user(), () => this.calls.list(context));
  }

  async add(pair: DismissalPayload, context: CallContext): Promise<void> {
    if (!(await this.calls.offered())) return;
    this.#held.forget();
    await this.calls.add(pair, context);
  }

  async remove(pair: DismissalPayload, context: CallContext): Promise<void> {
    if (!(await this.calls.offered())) return;
    this.#held.forget();
    await this.calls.remove(pair, context);
  }
}
