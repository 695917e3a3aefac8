import type { ExtensionName, ServerExtension } from '../../../shared/insight';
import { hasExtension } from '../../../shared/insight';
import { toBridgeError } from '../bridgeFailure';
import type { Logger } from '../log';

/**
 * What the server offers beyond SPEC.md 7 (DESIGN.md, Extensions), asked once per session. The
 * capabilities call reads any answer it cannot understand (HTML, garbage, another shape) as no
 * extensions, and a refusal (404 from a provider without them, 403, 500) is none too: the answer is
 * kept until the session ends. Only an answer that never came (the server unreachable, a timeout)
 * is asked again at the next use, so a network blip does not hide the extensions for a whole shift.
 */
export class ServerExtensions {
  #asked: Promise<ServerExtension[]> | null = null;

  constructor(
    private readonly ask: () => Promise<ServerExtension[]>,
    private readonly log: Logger,
  ) {}

  /** The extensions offered, asking the server the first time in this session. */
  list(): Promise<ServerExtension[]> {
    if (this.#asked) return this.#asked;
    const asked = this.ask().catch((error: unknown) => {
      const { status, message } = toBridgeError(error);
      if (status === 0 || status === 401) {
        // No answer (or no session): not an answer about extensions. Ask again next time.
        if (this.#asked === asked) this.#asked = null;
      } else {
        this.log.info(`[core] The server offers no extensions (${status}: ${message}).`);
      }
      return [];
    });
    this.#asked = asked;
    return asked;
  }

  async offers(name: ExtensionName, since = 1): Promise<boolean> {
    return hasExtension(await this.list(), name, since);
  }

  /**
   * Whether the server offers `name`, without asking it: false when this session has not asked
   * yet (then nothing of the extension can have been used in it).
   */
  async offeredAlready(name: ExtensionName): Promise<boolean> {
    return this.#asked !== null && hasExtension(await this.#asked, name);
  }

  /** A new session (sign-in, sign-out) asks again: another user may reach another server role. */
  forget(): void {
    this.#asked = null;
  }
}
