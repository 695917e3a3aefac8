/** One Server-Sent Event as the stream dispatched it. */
export interface SseMessage {
  /** The `event:` field; 'message' when none. */
  event: string;
  data: string;
  /** The last `id:` seen so far on the stream (it carries over to later events, as SSE has it). */
  lastEventId: string;
}

/** The longest line kept: an event of ours is a few hundred bytes; a runaway line is dropped. */
const MAX_LINE = 64 * 1024;

/**
 * The text/event-stream format (WHATWG HTML, Server-sent events: "Interpreting an event stream"),
 * fed text as it arrives: lines end with CRLF, LF or CR; `:` starts a comment; a blank line
 * dispatches the event when it has data. Written here rather than taken from a package: the
 * format is these few rules, no kept library in the tree reads it over a fetch body, and core's
 * stream must go through the fetch it is given (Chromium's network stack in the desktop app).
 */
export class SseParser {
  #buffer = '';
  #event = '';
  #data: string[] = [];
  #lastEventId = '';
  /** A CR ended the last chunk: a LF starting the next one belongs to it. */
  #afterCr = false;

  constructor(private readonly onMessage: (message: SseMessage) => void) {}

  push(text: string): void {
    let input = text;
    if (this.#afterCr && input.startsWith('\n')) input = input.slice(1);
    this.#afterCr = input.endsWith('\r');
    this.#buffer += input;
    const lines = this.#buffer.split(/\r\n|\r|\n/);
    this.#buffer = lines.pop() ?? '';
    if (this.#buffer.length > MAX_LINE) this.#buffer = '';
    for (const line of lines) this.#line(line);
  }

  #line(line: string): void {
    if (line === '') return this.#dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.#event = value;
    else if (field === 'data') this.#data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.#lastEventId = value;
    // `retry` and unknown fields: core keeps its own reconnection delays.
  }

  #dispatch(): void {
    const event = this.#event || 'message';
    const data = this.#data;
    this.#event = '';
    this.#data = [];
    if (data.length === 0) return;
    this.onMessage({ event, data: data.join('\n'), lastEventId: this.#lastEventId });
  }
}
