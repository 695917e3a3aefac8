import type { BridgeError } from '../../../shared/bridge';
import { GATEWAY_STATUSES } from '../connection/connectionModel';

/**
 * A failure that says nothing about the write (issue 50): no connection, a timeout, or a gateway's
 * 502, 503 or 504 while the provider behind it is away. Such a write waits in the outbox; any other
 * answer, an error the provider gave itself, is shown as an error and never kept.
 */
export const isNoAnswer = (failure: Pick<BridgeError, 'status'>): boolean =>
  failure.status === 0 || GATEWAY_STATUSES.has(failure.status);
