import { z } from 'zod';
import { withServerLimit } from '../bodies/fields';
import { SIGN_IN_SCOPE } from '../constants';
import { noBodySchema, tokensSchema } from '../responses/auth';
import { call } from './call';

/**
 * SPEC.md 7, Auth. Core sends these from the session (never through the data client's
 * refresh-and-retry); the server registers them from these declarations, outside the ADMIN
 * check, and holds their bodies to these schemas (core builds the forms itself and does not).
 */

/** The token endpoint's answer: access_token, refresh_token, id_token. */
export const tokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  id_token: z.string().min(1),
});

export const authCalls = {
  signIn: call({
    method: 'POST',
    path: '/sign-in',
    bodyKind: 'form',
    body: z.object({
      scope: z.literal(SIGN_IN_SCOPE),
      grant_type: z.literal('password'),
      client_id: z.string().min(1),
      username: z.string().min(1).max(256),
      password: z.string().min(1).max(4096),
    }),
    answer: tokenAnswer,
    describe: 'sign-in answer',
    response: tokensSchema,
  }),
  refresh: call({
    method: 'POST',
    path: '/refresh',
    bodyKind: 'form',
    body: z.object({
      // Room for a provider's JWT refresh token; ours are short, and our server takes no more.
      refresh_token: withServerLimit(z.string().min(1).max(8192), {
        field: 'refresh_token',
        maxLength: 512,
      }),
      client_id: z.string().min(1),
      grant_type: z.literal('refresh_token'),
    }),
    answer: tokenAnswer,
    describe: 'token answer',
    response: tokensSchema,
  }),
  /** No body; Authorization and Id-Token headers. */
  signOut: call({
    method: 'POST',
    path: '/dqc-sign-out',
    answer: z.unknown(),
    describe: 'sign-out answer',
    response: noBodySchema,
  }),
};
