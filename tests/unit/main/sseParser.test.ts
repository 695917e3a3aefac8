import { describe, expect, it } from 'vitest';
import { SseParser, type SseMessage } from '../../../src/main/core/live/sseParser';

/** The event-stream format as core reads our server's item events (WHATWG HTML, SSE). */
describe('the event-stream reader', () => {
  const read = (chunks: string[]) => {
    const heard: SseMessage[] = [];
    const parser = new SseParser((message) => heard.push(message));
    chunks.forEach((chunk) => parser.push(chunk));
    return heard;
  };

  it('dispatches at a blank line, whatever the line ends and wherever the chunks split', () => {
    expect(
      read([
        'retry: 2000\r',
        '\n\r\n: heartbeat\n',
        'id: 7\nevent: item\nda',
        'ta: {"a":1}\r\n\r',
        '\n',
      ]),
    ).toEqual([{ event: 'item', data: '{"a":1}', lastEventId: '7' }]);
  });

  it('joins data lines, keeps the last id for later events, and skips an event without data', () => {
    expect(read(['id: 3\nevent: ready\n\n', 'data: one\ndata:two\n\n', 'event: x\n\n'])).toEqual([
      { event: 'message', data: 'one\ntwo', lastEventId: '3' },
    ]);
  });
});
