import type { NewsItem, ReviewItem, TweetItem } from '../../../shared/api/records';
import type { ManualCase } from '../../../shared/bodies/review';
import type { PayloadOf } from '../../../shared/bridge';
import { KEYWORD_TYPES, type KeywordType } from '../../../shared/constants';
import type { CardState } from './reviewLogic';

/**
 * What a card's decision sends (SPEC.md 7, Review and keywords): the manual change of a tweet or
 * of a news item, or the keyword given as the reason of an elimination. Pure, so every body of
 * both services is tested without a screen (tests/unit/renderer/reviewChange.test.ts).
 */

/** A manual change (SPEC.md 7: manually-select, manually-eliminate, add-keyword), or the reason. */
export type ReviewChange = ManualCase | 'add-eliminated-keyword';

/** What a card's keyword form holds. */
export interface KeywordFormValues {
  keyword?: string;
  type?: string;
  unwantedUsage?: string;
}

/** The bridge call a change makes, with its payload. */
export type ChangeRequest =
  | { channel: 'review.manualChange'; payload: PayloadOf<'review.manualChange'> }
  | { channel: 'review.addEliminatedKeyword'; payload: PayloadOf<'review.addEliminatedKeyword'> };

/**
 * Decided by the item's own shape, so a card never reads fields its item does not have: only the
 * news reader gives an item its currency list, always there, empty when the provider sent none
 * (src/shared/api/records.ts).
 */
export const isNews = (item: ReviewItem): item is NewsItem => 'cryptoCurrencyList' in item;

const isKeywordType = (value: string): value is KeywordType =>
  KEYWORD_TYPES.some((type) => type === value);

/** The form's keyword type; one that is not a known type (SPEC.md 9) is refused before sending. */
function keywordTypeOf(values: KeywordFormValues): KeywordType | null {
  if (!values.type) return null;
  if (!isKeywordType(values.type)) throw new Error(`'${values.type}' is not a keyword type`);
  return values.type;
}

/**
 * Eliminate on an item the classifier already eliminated, with a keyword typed, records that
 * keyword as the reason; otherwise it is a manual elimination.
 */
export function eliminateChange(state: CardState, keyword: string | undefined): ReviewChange {
  return state === 'notSelected' && keyword?.trim()
    ? 'add-eliminated-keyword'
    : 'manually-eliminate';
}

/** The request of a change to an item, from the card's keyword form. */
export function changeRequest(
  item: ReviewItem,
  change: ReviewChange,
  values: KeywordFormValues,
): ChangeRequest {
  return isNews(item) ? newsChange(item, change, values) : tweetChange(item, change, values);
}

function tweetChange(
  item: TweetItem,
  change: ReviewChange,
  values: KeywordFormValues,
): ChangeRequest {
  const body = {
    filterType: 'tweets' as const,
    tweetId: item.tweetId ?? '',
    twitterUserName: item.twitterUserName ?? '',
    keyword: values.keyword?.trim() || null,
    keywordType: keywordTypeOf(values),
    unwantedUsage: values.unwantedUsage ?? null,
  };
  return change === 'add-eliminated-keyword'
    ? { channel: 'review.addEliminatedKeyword', payload: body }
    : { channel: 'review.manualChange', payload: { ...body, case: change } };
}

function newsChange(
  item: NewsItem,
  change: ReviewChange,
  values: KeywordFormValues,
): ChangeRequest {
  const body = {
    filterType: 'news' as const,
    newsId: item.newsId ?? '',
    website: item.website ?? '',
    keyword: values.keyword?.trim() || null,
    newsKeywordType: keywordTypeOf(values),
    unwantedUsage: values.unwantedUsage ?? null,
  };
  // SPEC.md 7: the eliminated-keyword call goes without accountName.
  return change === 'add-eliminated-keyword'
    ? { channel: 'review.addEliminatedKeyword', payload: body }
    : {
        channel: 'review.manualChange',
        payload: { ...body, case: change, accountName: item.accountName ?? null },
      };
}
