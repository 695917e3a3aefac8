import { describe, expect, it } from 'vitest';
import {
  bigrams,
  dice,
  domainOf,
  fingerprint,
  handleOf,
  squashed,
} from '../../../../src/shared/duplicates/recordKeys';

describe('the keys reference records are compared on', () => {
  it('fingerprints a name as OpenRefine does: words folded, each once, sorted', () => {
    expect(fingerprint('Bitcoin Cash')).toBe('bitcoin cash');
    expect(fingerprint(' cash, BITCOIN  ')).toBe('bitcoin cash');
    expect(fingerprint('Bitcoin-Cash bitcoin')).toBe('bitcoin cash');
    expect(fingerprint('Crème Brûlée')).toBe('brulee creme');
    expect(fingerprint('Bitcoin')).not.toBe(fingerprint('Bitcoin Cash'));
    expect(fingerprint(undefined)).toBe('');
  });

  it('squashes a name to its letters and digits, and compares bigrams by Dice', () => {
    expect(squashed('Shiba-Inu')).toBe(squashed('shiba inu'));
    expect(dice(bigrams('Ethereum'), bigrams('Etherum'))).toBeGreaterThan(0.75);
    expect(dice(bigrams('Ethereum'), bigrams('Solana'))).toBe(0);
    expect(dice(bigrams(''), bigrams('x'))).toBe(0);
  });

  it('reads a website domain from any form, and none from a shared host or a non-address', () => {
    for (const form of [
      'https://www.Example.org/en/',
      'http://example.org:8080/x?y=1',
      'example.org',
      'HTTPS://WWW.EXAMPLE.ORG',
      'www2.example.org.',
    ])
      expect(domainOf(form), form).toBe('example.org');
    expect(domainOf('https://github.com/example')).toBeNull();
    expect(domainOf('-')).toBeNull();
    expect(domainOf('not an address')).toBeNull();
    expect(domainOf(undefined)).toBeNull();
  });

  it('reads a social handle from a link or a bare name', () => {
    for (const form of ['https://twitter.com/Example/', '@example', 'EXAMPLE', 'x.com/example'])
      expect(handleOf(form), form).toBe('example');
    expect(handleOf('https://t.me/example_chat?start=1')).toBe('example_chat');
    expect(handleOf('')).toBeNull();
    expect(handleOf('two words')).toBeNull();
  });
});
