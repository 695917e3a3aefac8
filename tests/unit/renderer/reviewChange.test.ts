import { describe, expect, it } from 'vitest';
import {
  changeRequest,
  eliminateChange,
  isNews,
  type KeywordFormValues,
} from '../../../src/renderer/features/review/reviewChange';
import { newsItemRecord, tweetItemRecord } from '../../../src/shared/api/records';
import { MANUAL_CASES } from '../../../src/shared/bodies/review';

const tweet = tweetItemRecord.parse({
  id: 7,
  tweetId: '1234567890',
  twitterUserName: 'satoshi',
  accountName: 'Satoshi',
  selected: false,
});
const news = newsItemRecord.parse({
  id: 9,
  newsId: 'n-1',
  website: 'coindesk.com',
  accountName: 'CoinDesk',
  selected: true,
});
const typed: KeywordFormValues = {
  keyword: '  halving ',
  type: 'IMPORTANT',
  unwantedUsage: 'halving sale',
};

describe('the item a card holds', () => {
  it('is news when the news reader read it, a tweet otherwise', () => {
    expect(isNews(news)).toBe(true);
    expect(isNews(tweet)).toBe(false);
    // Even a news item the provider sent with nothing but an id.
    expect(isNews(newsItemRecord.parse({ id: 1 }))).toBe(true);
  });
});

describe('tweet changes (SPEC.md 7, /twitter-service)', () => {
  it.each(MANUAL_CASES)('%s is a manual change with the tweet and the form', (change) => {
    expect(changeRequest(tweet, change, typed)).toEqual({
      channel: 'review.manualChange',
      payload: {
        filterType: 'tweets',
        case: change,
        tweetId: '1234567890',
        twitterUserName: 'satoshi',
        keyword: 'halving',
        keywordType: 'IMPORTANT',
        unwantedUsage: 'halving sale',
      },
    });
  });

  it('the eliminated keyword goes to its own call with the same body', () => {
    expect(changeRequest(tweet, 'add-eliminated-keyword', typed)).toEqual({
      channel: 'review.addEliminatedKeyword',
      payload: {
        filterType: 'tweets',
        tweetId: '1234567890',
        twitterUserName: 'satoshi',
        keyword: 'halving',
        keywordType: 'IMPORTANT',
        unwantedUsage: 'halving sale',
      },
    });
  });

  it('an empty form sends nulls, and what the tweet lacks goes as empty text', () => {
    expect(changeRequest(tweetItemRecord.parse({ tweetId: '1' }), 'manually-select', {})).toEqual({
      channel: 'review.manualChange',
      payload: {
        filterType: 'tweets',
        case: 'manually-select',
        tweetId: '1',
        twitterUserName: '',
        keyword: null,
        keywordType: null,
        unwantedUsage: null,
      },
    });
    const blank = changeRequest(tweet, 'manually-eliminate', { keyword: '   ' });
    expect(blank.payload.keyword).toBeNull();
  });
});

describe('news changes (SPEC.md 7, /news-service)', () => {
  it.each(MANUAL_CASES)(
    '%s is a manual change with the news item, its account and the form',
    (change) => {
      expect(changeRequest(news, change, typed)).toEqual({
        channel: 'review.manualChange',
        payload: {
          filterType: 'news',
          case: change,
          newsId: 'n-1',
          website: 'coindesk.com',
          keyword: 'halving',
          newsKeywordType: 'IMPORTANT',
          unwantedUsage: 'halving sale',
          accountName: 'CoinDesk',
        },
      });
    },
  );

  it('the eliminated keyword goes without accountName', () => {
    expect(changeRequest(news, 'add-eliminated-keyword', typed)).toEqual({
      channel: 'review.addEliminatedKeyword',
      payload: {
        filterType: 'news',
        newsId: 'n-1',
        website: 'coindesk.com',
        keyword: 'halving',
        newsKeywordType: 'IMPORTANT',
        unwantedUsage: 'halving sale',
      },
    });
  });

  it('an empty form and a bare item send nulls and empty text', () => {
    expect(changeRequest(newsItemRecord.parse({ id: 1 }), 'manually-eliminate', {})).toEqual({
      channel: 'review.manualChange',
      payload: {
        filterType: 'news',
        case: 'manually-eliminate',
        newsId: '',
        website: '',
        keyword: null,
        newsKeywordType: null,
        unwantedUsage: null,
        accountName: null,
      },
    });
  });
});

describe('which change a card makes', () => {
  it('a type that is not a keyword type (SPEC.md 9) is refused before anything is sent', () => {
    expect(() => changeRequest(tweet, 'add-keyword', { keyword: 'x', type: 'SOMETIMES' })).toThrow(
      "'SOMETIMES' is not a keyword type",
    );
    expect(() => changeRequest(news, 'add-keyword', { keyword: 'x', type: 'SOMETIMES' })).toThrow(
      "'SOMETIMES' is not a keyword type",
    );
  });

  it('Eliminate on an eliminated item with a keyword typed records it as the reason', () => {
    expect(eliminateChange('notSelected', 'halving')).toBe('add-eliminated-keyword');
    expect(eliminateChange('notSelected', '  ')).toBe('manually-eliminate');
    expect(eliminateChange('notSelected', undefined)).toBe('manually-eliminate');
    expect(eliminateChange('selected', 'halving')).toBe('manually-eliminate');
  });
});
