import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  countAnswer,
  flag,
  flagAnswer,
  listAnswer,
  modelAnswer,
  num,
  optionalRecord,
  record,
  recordAnswer,
  records,
  text,
  texts,
  writeAnswer,
} from '../../../src/shared/api/answers';
import {
  currencyRecord,
  keywordRecord,
  newsItemRecord,
  tweetItemRecord,
} from '../../../src/shared/api/records';

/** The reader's output, or 'refused'. */
function read(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  return result.success ? result.data : 'refused';
}

describe('field readers', () => {
  it('text: a string, or a number or flag written as text; anything else is absent', () => {
    expect(read(text, 'abc')).toBe('abc');
    expect(read(text, '')).toBe('');
    expect(read(text, 1760000000000)).toBe('1760000000000');
    expect(read(text, false)).toBe('false');
    for (const other of [null, undefined, {}, [], ['a']]) expect(read(text, other)).toBeUndefined();
  });

  it('num: a finite number, or a number written as text', () => {
    expect(read(num, 45)).toBe(45);
    expect(read(num, 0.5)).toBe(0.5);
    expect(read(num, '45')).toBe(45);
    expect(read(num, ' 7 ')).toBe(7);
    expect(read(num, '-3')).toBe(-3);
    for (const other of ['', '  ', 'abc', '4x', NaN, Infinity, true, null, undefined, {}, [1]])
      expect(read(num, other), String(other)).toBeUndefined();
  });

  it('flag: true/false, or the words in any case and spacing', () => {
    expect(read(flag, true)).toBe(true);
    expect(read(flag, false)).toBe(false);
    expect(read(flag, ' TRUE ')).toBe(true);
    expect(read(flag, 'False')).toBe(false);
    for (const other of ['yes', '1', 1, 0, null, undefined, {}])
      expect(read(flag, other), String(other)).toBeUndefined();
  });

  it('texts: a list of words; null, missing or not a list is empty; odd entries left out', () => {
    expect(read(texts, ['a', 'b'])).toEqual(['a', 'b']);
    expect(read(texts, ['a', 7])).toEqual(['a', '7']);
    expect(read(texts, ['a', null, {}, true, ['x']])).toEqual(['a']);
    for (const other of [null, undefined, 'a,b', {}, 3]) expect(read(texts, other)).toEqual([]);
  });

  it('record: extra fields dropped, a field of another type or null absent', () => {
    const entry = record({ id: num, name: text, tags: texts });
    expect(read(entry, { id: '3', name: 'x', tags: null, extra: 1 })).toEqual({
      id: 3,
      name: 'x',
      tags: [],
    });
    const odd = read(entry, { id: 'x', name: {}, tags: 'y' }) as Record<string, unknown>;
    expect(odd.id).toBeUndefined();
    expect(odd.name).toBeUndefined();
    expect(odd.tags).toEqual([]);
    expect(read(entry, { id: null, name: null, tags: undefined })).toMatchObject({ tags: [] });
  });

  it('record: a field left out is absent, a list left out is empty (SPEC.md 7)', () => {
    const entry = record({ id: num, name: text, tags: texts, on: flag });
    expect(read(entry, {})).toEqual({ tags: [] });
    expect(read(entry, { id: 1 })).toEqual({ id: 1, tags: [] });
  });

  it('records: a list of records inside a record; null or not a list is empty', () => {
    const entries = records(record({ symbol: text }));
    expect(read(entries, [{ symbol: 'BTC' }, 3, null, 'x', [{ symbol: 'ETH' }]])).toEqual([
      { symbol: 'BTC' },
    ]);
    for (const other of [null, undefined, {}, 'BTC']) expect(read(entries, other)).toEqual([]);
  });

  it('optionalRecord: the record when it reads, absent otherwise', () => {
    const nested = optionalRecord(record({ name: text }));
    expect(read(nested, { name: 'x', more: 1 })).toEqual({ name: 'x' });
    for (const other of [null, undefined, 'x', 5]) expect(read(nested, other)).toBeUndefined();
  });
});

describe('whole answers', () => {
  it('writeAnswer: any 2xx body will do, read as nothing', () => {
    for (const body of [undefined, '', 'OK', true, false, null, 0, {}, [], { id: 3 }])
      expect(read(writeAnswer, body)).toBeNull();
  });

  it('listAnswer: must be a list; each record-shaped entry is kept, odd entries left out', () => {
    const keywords = listAnswer(keywordRecord);
    const full = { id: 1, keyword: 'etf', type: 'IMPORTANT', unwantedUsages: null, extra: 'x' };
    expect(read(keywords, [])).toEqual([]);
    expect(read(keywords, [full, 3, null, 'etf', [full]])).toEqual([
      { id: 1, keyword: 'etf', type: 'IMPORTANT', unwantedUsages: [] },
    ]);
    for (const other of [{}, { items: [full] }, 'etf', null, undefined, 45, true])
      expect(read(keywords, other), JSON.stringify(other)).toBe('refused');
  });

  it('listAnswer: numbers where text is due are read as text, nulls in lists as empty', () => {
    const [tweet] = read(listAnswer(tweetItemRecord), [
      {
        id: '1042',
        tweetId: 1760000332598,
        twitterUserName: 'whale_alert',
        url: 'u',
        message: null,
        detectTime: 't',
        tweetTime: 't',
        nlpDecisionRatio: '0.5',
        detectedKeyword: null,
        unwantedUsage: null,
        reviewedBy: null,
        eliminatedKeyword: null,
        eliminatedBySimilarity: false,
        eliminatedByQuotedPost: false,
        selected: 'true',
        manuallyChanged: false,
        accountName: 'whale',
      },
    ]) as Record<string, unknown>[];
    expect(tweet).toMatchObject({
      id: 1042,
      tweetId: '1760000332598',
      nlpDecisionRatio: 0.5,
      detectedKeyword: [],
      unwantedUsage: [],
      selected: true,
    });
    expect(tweet!.message).toBeUndefined();
    expect(tweet!.reviewedBy).toBeUndefined();
  });

  it('listAnswer: an entry that leaves fields out is shown, with them absent (SPEC.md 7)', () => {
    const tweets = read(listAnswer(tweetItemRecord), [
      { id: 1, tweetId: 17 },
      { id: 2, message: 'x' },
    ]) as Record<string, unknown>[];
    expect(tweets).toHaveLength(2);
    expect(tweets[0]).toMatchObject({ id: 1, tweetId: '17', detectedKeyword: [] });
    expect(tweets[0]!.accountName).toBeUndefined();
    expect(read(listAnswer(newsItemRecord), [{ id: 3, newsId: 880001 }])).toHaveLength(1);
    expect(read(listAnswer(currencyRecord), [{ uniqueName: 'bitcoin' }])).toEqual([
      expect.objectContaining({ uniqueName: 'bitcoin', tags: [], currencyIds: [] }),
    ]);
  });

  it('recordAnswer: must be a record; its fields are read like a list entry', () => {
    const keyword = recordAnswer(keywordRecord);
    expect(
      read(keyword, { id: '9', keyword: 'k', type: 'RELATIVE', unwantedUsages: ['a', 1] }),
    ).toEqual({ id: 9, keyword: 'k', type: 'RELATIVE', unwantedUsages: ['a', '1'] });
    for (const other of [[], [{ id: 9 }], null, undefined, 'OK', 9, true])
      expect(read(keyword, other), JSON.stringify(other)).toBe('refused');
  });

  it('countAnswer: a whole number, or one sent as text ("45", the JSON string "30")', () => {
    expect(read(countAnswer, 45)).toBe(45);
    expect(read(countAnswer, 0)).toBe(0);
    expect(read(countAnswer, '45')).toBe(45);
    expect(read(countAnswer, ' 30 ')).toBe(30);
    for (const other of [-1, 4.5, '4.5', '-1', '', 'many', '1e3', null, undefined, true, [45], {}])
      expect(read(countAnswer, other), JSON.stringify(other)).toBe('refused');
  });

  it('flagAnswer: true or false, also as text', () => {
    expect(read(flagAnswer, true)).toBe(true);
    expect(read(flagAnswer, false)).toBe(false);
    expect(read(flagAnswer, 'true')).toBe(true);
    expect(read(flagAnswer, 'false')).toBe(false);
    for (const other of ['yes', 'TRUE ', 1, 0, null, undefined, {}])
      expect(read(flagAnswer, other), JSON.stringify(other)).toBe('refused');
  });

  it('modelAnswer: running when the answer says so, started otherwise', () => {
    expect(read(modelAnswer, { status: 'running' })).toBe('running');
    expect(read(modelAnswer, 'running')).toBe('running');
    for (const other of [undefined, '', 'OK', true, { status: 'started' }, { status: 'queued' }])
      expect(read(modelAnswer, other), JSON.stringify(other)).toBe('started');
  });
});
