/**
 * One user's reads and writes of a per-user file, one after another (prefs, the audit sample):
 * a write never interleaves with another for the same user, while users do not wait on each
 * other. A user with nothing queued holds no entry.
 */
export class PerUserQueue {
  readonly #queues = new Map<string, Promise<unknown>>();

  run<R>(username: string, work: () => Promise<R>): Promise<R> {
    const before = this.#queues.get(username) ?? Promise.resolve();
    const result = before.then(work);
    // The queue waits for this work whatever its outcome; the caller gets the outcome.
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.#queues.set(username, settled);
    void settled.then(() => {
      if (this.#queues.get(username) === settled) this.#queues.delete(username);
    });
    return result;
  }
}
