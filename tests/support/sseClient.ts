import { SseParser, type SseMessage } from '../../src/main/core/live/sseParser';

/** A test's reader of a Server-Sent Events stream: what it heard, and a wait for what it expects. */
export interface SseClient {
  status: number;
  /** Every event heard so far, in order. */
  heard: SseMessage[];
  /** Resolves with the first event heard (before or after the call) that `match` takes. */
  next(match: (message: SseMessage) => boolean): Promise<SseMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `url` as an event stream with `headers`; a refusal is read as text into `body`. */
export async function openSse(
  url: string,
  headers: Record<string, string>,
): Promise<SseClient & { body: string }> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const heard: SseMessage[] = [];
  const waiters = new Set<() => void>();
  const parser = new SseParser((message) => {
    heard.push(message);
    waiters.forEach((check) => check());
  });
  if (!response.ok || !response.body) {
    const body = await response.text();
    return {
      status: response.status,
      body,
      heard,
      next: () => Promise.reject(new Error(`refused ${response.status}: ${body}`)),
      ended: Promise.resolve(),
      close: () => abort.abort(),
    };
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      // Closed by the test.
    }
  })();
  return {
    status: response.status,
    body: '',
    heard,
    ended,
    next: (match) =>
      new Promise((resolve) => {
        const check = () => {
          const found = heard.find(match);
          if (!found) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      }),
    close: () => abort.abort(),
  };
}
