import { inspect } from 'node:util';

/**
 * Text util.inspect prints as it is, unquoted: what the structured redaction puts in place of a
 * value it has already rendered and redacted (a Buffer's text, an object with its own inspect, a
 * function, a value beyond the depth the log shows).
 */
export class Printed {
  constructor(readonly text: string) {}

  [inspect.custom](): string {
    return this.text;
  }

  toString(): string {
    return this.text;
  }

  toJSON(): string {
    return this.text;
  }
}
