import { z } from 'zod';
import type { Logger } from '../log';
import type { SecretStore } from '../secrets/secretStore';

/** What the keychain holds: the newest refresh token and the reviewer's username. */
const storedSessionSchema = z.object({ refreshToken: z.string().min(1), username: z.string() });
export type StoredSession = z.infer<typeof storedSessionSchema>;

/**
 * The session as kept in the OS keychain (DESIGN.md, Main process: the refresh token is only ever
 * stored there), under one account per API host. Writes and deletes run one after another, in
 * the order they were asked for, so that a sign-out's delete is never overtaken by the write of a
 * refresh that was already under way. A keychain that fails is logged: the session in memory
 * goes on.
 */
export class KeychainSession {
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly secrets: SecretStore,
    private readonly account: string,
    private readonly log: Logger,
  ) {}

  /** Whether anything is stored, read at once (start-up's restore); a failure is thrown. */
  peek(): Promise<string | null> {
    return this.secrets.get(this.account);
  }

  /** The stored session: JSON since usernames are kept, a bare refresh token before that. */
  async read(): Promise<StoredSession | null> {
    const raw = await this.#inTurn(() => this.secrets.get(this.account)).catch(() => null);
    if (!raw) return null;
    try {
      const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON: an entry written before usernames were kept.
    }
    return { refreshToken: raw, username: '' };
  }

  /**
   * Refresh tokens rotate: the stored one must always be the newest, or a restart would present a
   * used token and the server would end the session. The username goes with it, so that the
   * reviewer's name survives a restart (SPEC.md 6).
   */
  write(entry: StoredSession): Promise<void> {
    return this.#inTurn(() => this.secrets.set(this.account, JSON.stringify(entry))).catch(
      (error: unknown) => {
        this.log.warn('Could not store the session in the keychain:', error);
      },
    );
  }

  remove(): Promise<void> {
    return this.#inTurn(() => this.secrets.delete(this.account)).catch((error: unknown) => {
      this.log.warn('Could not remove the stored session:', error);
    });
  }

  /** Runs one keychain operation after every one asked for before it has ended. */
  #inTurn<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(operation, operation);
    this.#queue = result.catch(() => undefined);
    return result;
  }
}
