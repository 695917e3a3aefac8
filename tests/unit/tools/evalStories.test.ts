import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evalStories } from '../../../tools/eval/evalStories';

const dir = mkdtempSync(join(tmpdir(), 'dqc-eval-'));
const file = (name: string, lines: unknown[]) => {
  const path = join(dir, name);
  writeFileSync(path, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n'));
  return path;
};
const tweet = (id: number, user: string, message: string, story: string) => ({
  kind: 'tweet',
  id,
  tweetId: String(9000 + id),
  twitterUserName: user,
  url: `https://x.com/${user}/status/${9000 + id}`,
  message,
  tweetTime: `2026-11-20T10:0${id}:00Z`,
  detectTime: `2026-11-20T10:0${id}:00Z`,
  story,
});

describe('npm run eval -- stories FILE', () => {
  it('prints pairwise precision and recall as its last line', () => {
    const text = 'Binance will list $ZNT (Zentra) for spot trading at 10:00 UTC today';
    const lines: string[] = [];
    evalStories(
      file('ok.jsonl', [
        tweet(1, 'binance', text, 's1'),
        tweet(2, 'fan', `RT @binance: ${text}`, 's1'),
        tweet(3, 'alerts', '🚨 $ETH just broke $3,000! +4.1% in 24h and still climbing', 's2'),
        // Labelled with s2 but another coin: grouping keeps it apart, which costs recall.
        tweet(4, 'alerts', '🚨 $SOL just broke $150! +4.1% in 24h and still climbing', 's2'),
      ]),
      (l) => lines.push(l),
    );
    expect(lines.at(-1)).toBe('precision 1.0000 recall 0.5000');
  });

  it('names the line and the field of an item it cannot read', () => {
    const path = file('bad.jsonl', [
      tweet(1, 'a', 'hello there friends', 's1'),
      '{"kind":"news","story":"x"}',
    ]);
    expect(() => evalStories(path, () => undefined)).toThrow(/bad\.jsonl:2: .*website/);
    const notJson = file('notjson.jsonl', ['{oops']);
    expect(() => evalStories(notJson, () => undefined)).toThrow(/notjson\.jsonl:1: not JSON/);
  });
});
