import type { z } from 'zod';
import type { keywordSchema, newsItemSchema, tweetItemSchema } from '../../shared/responses/review';

/**
 * The review records this server sends, as declared with its calls (src/shared/responses/review.ts).
 * The client reads the provider's leniently (src/shared/api/records.ts).
 */
export type ServerTweetItem = z.infer<typeof tweetItemSchema>;
export type ServerNewsItem = z.infer<typeof newsItemSchema>;
export type ServerReviewItem = ServerTweetItem | ServerNewsItem;
export type ServerKeyword = z.infer<typeof keywordSchema>;
