import { z } from 'zod';

/**
 * What our reference server's token endpoint sends (SPEC.md 7, Auth): the three tokens the client
 * reads (src/shared/api/auth.ts, `tokenAnswer`), with the OAuth token type and lifetime.
 */
export const tokensSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  id_token: z.string().min(1),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
});

/** Sign-out answers 204 with no body. */
export const noBodySchema = z.undefined();
