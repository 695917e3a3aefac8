import { z } from 'zod';
import { call } from './call';

/**
 * SPEC.md 7, Auth. Core sends these from the session (never through the data client's
 * refresh-and-retry); the server registers them outside the ADMIN check.
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
      scope: z.string(),
      grant_type: z.literal('password'),
      client_id: z.string().min(1),
      username: z.string().max(256),
      password: z.string().max(4096),
    }),
    answer: tokenAnswer,
    describe: 'sign-in answer',
  }),
  refresh: call({
    method: 'POST',
    path: '/refresh',
    bodyKind: 'form',
    body: z.object({
      refresh_token: z.string().min(1).max(8192),
      client_id: z.string().min(1),
      grant_type: z.literal('refresh_token'),
    }),
    answer: tokenAnswer,
    describe: 'token answer',
  }),
  /** No body; Authorization and Id-Token headers. */
  signOut: call({
    method: 'POST',
    path: '/dqc-sign-out',
    answer: z.unknown(),
    describe: 'sign-out answer',
  }),
};
