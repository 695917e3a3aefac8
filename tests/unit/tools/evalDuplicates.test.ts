import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evalDuplicates } from '../../../tools/eval/evalDuplicates';

const dir = mkdtempSync(join(tmpdir(), 'dqc-eval-duplicates-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('npm run eval -- duplicates CATALOGUE FILE', () => {
  it('prints top-1 accuracy and the share of new ones left unsuggested as its last line', () => {
    const catalogue = file(
      'catalogue.json',
      JSON.stringify([
        { uniqueName: 'zentra', name: 'Zentra', currency: 'ZNT', website: 'https://zentra.io' },
        { kind: 'market', uniqueName: 'kraken', name: 'Kraken' },
      ]),
    );
    const detected = file(
      'detected.jsonl',
      [
        { name: 'ZENTRA', currency: 'znt', website: ['www.zentra.io'], duplicateOf: 'zentra' },
        { name: 'Havenly', currency: 'HVN', duplicateOf: null },
        { kind: 'market', name: 'Krakken', duplicateOf: 'kraken' },
        { kind: 'market', name: 'Zenex', duplicateOf: null },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    );
    const lines: string[] = [];
    const scores = evalDuplicates(catalogue, detected, (l) => lines.push(l));
    expect(scores).toEqual({ topOne: 1, newUnsuggested: 1, duplicates: 2, news: 2 });
    expect(lines.at(-1)).toBe('top-1 accuracy 1.0000 new left unsuggested 1.0000');
  });

  it('stops at a line it cannot read, saying which and why', () => {
    const catalogue = file('c.jsonl', '{"name":"Zentra"}\n');
    const detected = file('d.jsonl', '{"name":"Zentra","duplicateOf":"zentra"}\n{"name":"X"}\n');
    expect(() => evalDuplicates(catalogue, detected, () => undefined)).toThrow(
      /d\.jsonl:2: not a labelled detected record.*duplicateOf/,
    );
    const broken = file('b.jsonl', '{"name":\n');
    expect(() => evalDuplicates(broken, detected, () => undefined)).toThrow(/b\.jsonl:1: not JSON/);
  });
});
