import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';

/**
 * JSON bodies, with one allowance: an empty body under Content-Type application/json is read as
 * "no body". The provider's sign-out call is sent exactly that way (SPEC.md 7), and Fastify's
 * own parser would refuse it with 400. Like Fastify's own parser (secure-json-parse), a body
 * with a `__proto__` or `constructor.prototype` key is refused: such keys poison the prototype
 * of whatever code later copies the object.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(refusal('The body is not valid JSON.'), undefined);
    }
    try {
      // Checks the parsed value, so that the two refusals say different things.
      if (typeof parsed === 'object' && parsed !== null)
        secureJson.scan(parsed, { protoAction: 'error', constructorAction: 'error' });
    } catch {
      return done(
        refusal('The body may not hold a "__proto__" or "constructor.prototype" key.'),
        undefined,
      );
    }
    done(null, parsed);
  });
}

const refusal = (message: string) => Object.assign(new Error(message), { statusCode: 400 });
