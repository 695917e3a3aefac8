import { describe, expect, it } from 'vitest';
import {
  highlightParts,
  serviceFiguresText,
  servicesFirst,
  snippetOf,
} from '../../../src/renderer/domain/insight/keywordImpactText';
import type { KeywordImpactView } from '../../../src/shared/responses/insight';

const figures = (over: Partial<KeywordImpactView['services'][number]> = {}) => ({
  service: 'tweets' as const,
  total: 1204,
  kept: 800,
  eliminated: 404,
  reviewed: 120,
  recent: [],
  ...over,
});

describe('the keyword-impact preview’s words', () => {
  it('says each service’s figures in a sentence', () => {
    expect(serviceFiguresText(figures())).toBe(
      'Tweets: 1,204 items (800 kept, 404 eliminated, 120 reviewed)',
    );
    expect(
      serviceFiguresText(
        figures({ service: 'news', total: 1, kept: 1, eliminated: 0, reviewed: 1 }),
      ),
    ).toBe('News: 1 item (1 kept, 0 eliminated, 1 reviewed)');
    expect(serviceFiguresText(figures({ total: 0, kept: 0, eliminated: 0, reviewed: 0 }))).toBe(
      'Tweets: no items',
    );
  });

  it('puts the form’s service first', () => {
    const view: KeywordImpactView = {
      keyword: 'x',
      services: [figures(), figures({ service: 'news' })],
    };
    expect(servicesFirst(view, 'news').map((s) => s.service)).toEqual(['news', 'tweets']);
    expect(servicesFirst(view, 'tweets').map((s) => s.service)).toEqual(['tweets', 'news']);
  });
});

describe('the matches, highlighted', () => {
  const joined = (parts: { text: string }[]) => parts.map((p) => p.text).join('');

  it('cuts a message at the server’s offsets, in any order', () => {
    const message = 'ETH up; eth down; Eth flat';
    const parts = highlightParts(message, [
      { start: 18, length: 3 },
      { start: 0, length: 3 },
      { start: 8, length: 3 },
    ]);
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['ETH', 'eth', 'Eth']);
    expect(joined(parts)).toBe(message);
  });

  it('leaves out offsets outside the text, empty or overlapping, never losing a character', () => {
    const message = 'a bitcoin b';
    const parts = highlightParts(message, [
      { start: 2, length: 7 },
      { start: 4, length: 3 },
      { start: 9, length: 50 },
      { start: 1, length: 0 },
      { start: -3, length: 2 },
    ]);
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['bitcoin']);
    expect(joined(parts)).toBe(message);
  });

  it('counts offsets in UTF-16 units, as the server gives them', () => {
    const message = '🚀 sol moons';
    const start = message.indexOf('sol');
    expect(start).toBe(3);
    const parts = highlightParts(message, [{ start, length: 3 }]);
    expect(parts.find((p) => p.match)?.text).toBe('sol');
  });

  it('cuts a long message around its first match, moving the offsets with it', () => {
    const message = `${'x'.repeat(300)} bitcoin ${'y'.repeat(300)}`;
    const cut = snippetOf(message, [{ start: 301, length: 7 }]);
    expect(cut.message.startsWith('…')).toBe(true);
    expect(cut.message.endsWith('…')).toBe(true);
    expect(cut.message.length).toBeLessThan(200);
    const [match] = cut.matches;
    expect(cut.message.slice(match!.start, match!.start + match!.length)).toBe('bitcoin');
    // A short message is kept whole.
    expect(snippetOf('short bitcoin', [{ start: 6, length: 7 }]).message).toBe('short bitcoin');
  });
});
