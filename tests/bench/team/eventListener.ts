import { ITEM_EVENT, READY_EVENT, type ItemEvent } from '../../../src/shared/api/liveEvents';
import type { ReviewerClient } from './reviewerClient';

/** One reviewer's item-events stream, read as core reads it: each `item` event handed on as it lands. */
export interface EventListener {
  close(): void;
}

/**
 * Opens GET /dqc-extensions/item-events for the reviewer and resolves once the server says
 * `ready` (it listens from then on); each item event's data goes to `onItem` as it is read.
 */
export async function listenToItems(
  client: ReviewerClient,
  onItem: (event: ItemEvent) => void,
): Promise<EventListener> {
  const stop = new AbortController();
  const res = await fetch(`${client.baseUrl}/dqc-extensions/item-events`, {
    headers: { authorization: `Bearer ${client.token}`, accept: 'text/event-stream' },
    signal: stop.signal,
  });
  if (res.status !== 200 || !res.body)
    throw new Error(`${client.username}'s item-events stream answered ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let ready: () => void = () => undefined;
  const isReady = new Promise<void>((done) => (ready = done));
  let buffer = '';
  const handle = (block: string) => {
    let name = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    if (name === READY_EVENT) ready();
    else if (name === ITEM_EVENT && data) onItem(JSON.parse(data) as ItemEvent);
  };
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          handle(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Closed by the scenario (abort): nothing more to read.
    }
  })();
  await isReady;
  return { close: () => stop.abort() };
}
