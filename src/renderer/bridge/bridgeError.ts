import type { BridgeError } from '../../shared/bridge';
import type { ItemConflict } from '../../shared/conflict';

/** A failed bridge call, with the status, code and message the trusted side gave. */
export class BridgeCallError extends Error implements BridgeError {
  readonly status: number;
  readonly code: string;
  /** A card's decision refused for a change since the card was drawn (code CONFLICT). */
  readonly conflict?: ItemConflict;
  constructor(error: BridgeError) {
    super(error.message);
    this.name = 'BridgeCallError';
    this.status = error.status;
    this.code = error.code;
    if (error.conflict) this.conflict = error.conflict;
  }
}
