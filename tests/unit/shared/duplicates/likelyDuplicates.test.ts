import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DuplicateIndex,
  LIKELY_SCORE,
  type ReferenceRecord,
} from '../../../../src/shared/duplicates/likelyDuplicates';
import {
  CATALOGUE_FILE,
  DETECTED_FILE,
  linesOf,
  writeSet,
} from '../../../fixtures/duplicates/setWriter';
import { evalDuplicates } from '../../../../tools/eval/evalDuplicates';

const BITCOIN: ReferenceRecord = {
  uniqueName: 'bitcoin',
  name: 'Bitcoin',
  currency: 'BTC',
  website: ['https://bitcoin.org'],
  socials: { twitter: 'https://twitter.com/bitcoin' },
};
const BITCOIN_CASH: ReferenceRecord = {
  uniqueName: 'bitcoin-cash',
  name: 'Bitcoin Cash',
  currency: 'BCH',
  website: ['https://bitcoincash.org'],
  socials: { twitter: 'https://twitter.com/bitcoincash' },
};
const catalogue = new DuplicateIndex([BITCOIN, BITCOIN_CASH, { name: 'Zentra', currency: 'ZNT' }]);
const texts = (record: ReferenceRecord) =>
  catalogue.suggest(record).map((s) => ({
    index: s.index,
    likely: s.likely,
    evidence: s.evidence.map((e) => `${e.matches ? '+' : '-'} ${e.text}`),
  }));

describe('likely duplicates', () => {
  it('ranks the record a detected one duplicates first, saying what matched', () => {
    const [first] = texts({
      uniqueName: 'bitcoin-2',
      name: ' BITCOIN ',
      currency: 'btc',
      website: ['http://www.bitcoin.org/en/'],
      socials: { twitter: '@Bitcoin' },
    });
    expect(first).toEqual({
      index: 0,
      likely: true,
      evidence: [
        '+ same name, written otherwise',
        '+ same symbol BTC',
        '+ same website domain bitcoin.org',
        '+ same twitter handle bitcoin',
      ],
    });
  });

  it('says what speaks against: a token that shares a name word is not suggested as likely', () => {
    const fork = catalogue.suggest({
      name: 'Bitcoin Gold',
      currency: 'BTG',
      website: ['https://bitcoingold.org'],
      socials: { twitter: '@bitcoingold' },
    });
    expect(fork.every((s) => !s.likely)).toBe(true);
    // The same name under another website and account: the name alone is not identity.
    const [namesake] = catalogue.suggest({
      name: 'Bitcoin',
      currency: 'BTC',
      website: ['https://bitcoin-new.io'],
      socials: { twitter: '@btc_new' },
    });
    expect(namesake?.index).toBe(0);
    expect(namesake?.likely).toBe(false);
    expect(namesake?.evidence.filter((e) => !e.matches).map((e) => e.text)).toEqual([
      'different websites',
      'different twitter handle',
    ]);
  });

  it('finds a record by a typo of its name, and by a website or handle alone', () => {
    expect(catalogue.suggest({ name: 'Zentraa', currency: 'ZNT' })[0]).toMatchObject({ index: 2 });
    expect(
      catalogue.suggest({ name: 'Something else', website: ['bitcoincash.org'] })[0],
    ).toMatchObject({
      index: 1,
    });
    expect(
      catalogue.suggest({ socials: { twitter: 'https://x.com/BitcoinCash' } })[0]?.score,
    ).toBeLessThan(LIKELY_SCORE);
    expect(catalogue.suggest({})).toEqual([]);
  });

  it('keeps the labelled set what its writer writes', () => {
    const { catalogue: records, detected } = writeSet();
    expect(readFileSync(CATALOGUE_FILE, 'utf8')).toBe(linesOf(records));
    expect(readFileSync(DETECTED_FILE, 'utf8')).toBe(linesOf(detected));
  });

  it('meets its targets on the labelled set: top-1 at least 0.95, new ones unsuggested at least 0.95', () => {
    const lines: string[] = [];
    const scores = evalDuplicates(CATALOGUE_FILE, DETECTED_FILE, (line) => lines.push(line));
    expect(scores.duplicates).toBeGreaterThanOrEqual(300);
    expect(scores.news).toBeGreaterThanOrEqual(300);
    expect(scores.topOne).toBeGreaterThanOrEqual(0.95);
    expect(scores.newUnsuggested).toBeGreaterThanOrEqual(0.95);
    expect(lines.at(-1)).toMatch(
      /^top-1 accuracy (0\.\d{4}|1\.0000) new left unsuggested (0\.\d{4}|1\.0000)$/,
    );
  });
});
