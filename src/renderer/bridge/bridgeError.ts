import type { BridgeError } from '../../shared/bridge';

/** A failed bridge call, with the status, code and message the trusted side gave. */
export class BridgeCallError extends Error implements BridgeError {
  readonly status: number;
  readonly code: string;
  constructor(error: BridgeError) {
    super(error.message);
    this.name = 'BridgeCallError';
    this.status = error.status;
    this.code = error.code;
  }
}
