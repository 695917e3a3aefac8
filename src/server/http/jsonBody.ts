import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies, with one allowance: an empty body under Content-Type application/json is read as
 * "no body". The provider's sign-out call is sent exactly that way (SPEC.md 7), and Fastify's
 * own parser would refuse it with 400.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('The body is not valid JSON.'), { statusCode: 400 }), undefined);
    }
  });
}
