import type { Logger } from '../log';
import type { TokenEndpoints } from './tokenEndpoints';

/**
 * The provider's sign-out calls, sent behind the local sign-out (SPEC.md 4: a failed sign-out
 * call is only logged and local sign-out still happens): each bounded by its own timeout
 * (tokenEndpoints.ts), its outcome only logged, and kept until it ends so that tests and shutdown
 * may wait for them.
 */
export class ServerSignOuts {
  readonly #pending = new Set<Promise<void>>();

  constructor(
    private readonly endpoints: Pick<TokenEndpoints, 'signOut'>,
    private readonly log: Logger,
  ) {}

  send(held: { accessToken: string; idToken: string }): void {
    const call = this.endpoints
      .signOut(held.accessToken, held.idToken)
      .then(
        (answer) => {
          if (answer.status >= 300) this.log.warn(`Sign-out answered ${answer.status}.`);
        },
        (error: unknown) => {
          this.log.warn('Sign-out request failed:', error instanceof Error ? error.message : error);
        },
      )
      .finally(() => this.#pending.delete(call));
    this.#pending.add(call);
  }

  settled(): Promise<void> {
    return Promise.all(this.#pending).then(() => undefined);
  }
}
