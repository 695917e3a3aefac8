import type { z } from 'zod';
import type { keywordSchema, newsItemSchema, tweetItemSchema } from '../../shared/responses/review';

/**
 * The review records this server sends, as declared with its calls (src/shared/responses/review.ts).
 * The client reads the provider's leniently (src/shared/api/records.ts).
 */
export type TweetItem = z.infer<typeof tweetItemSchema>;
export type NewsItem = z.infer<typeof newsItemSchema>;
export type ReviewItem = TweetItem | NewsItem;
export type Keyword = z.infer<typeof keywordSchema>;
