import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { documentationFiles } from './docPaths';
import { brokenReferences, namesTest, testReferences } from './testReferences';

const root = resolve(__dirname, '../../..');

const SAMPLE = [
  '| rule | proof |',
  '| ---- | ----- |',
  '| Holds | `tests/unit/a.test.ts` › "refuses it", "keeps it"; `b.spec.ts` › "shows the page…" |',
  '',
  '- Logs: `tests/unit/a.test.ts` › "writes the log, and "Open logs folder" opens',
  '  it", and "names the renamed one" (the whole glue). Tests are named as `file` › "test name".',
  '',
  'A paragraph naming `tests/unit/a.test.ts` › "keeps',
  'it". `nowhere.test.ts` › "is missing"; `tests/unit/gone.test.ts` › "goes".',
].join('\n');

describe('the tests a document names', () => {
  it('are each `file` › "name", names wrapped over lines and quoting labels included', () => {
    expect(testReferences(SAMPLE)).toEqual([
      { file: 'tests/unit/a.test.ts', name: 'refuses it' },
      { file: 'tests/unit/a.test.ts', name: 'keeps it' },
      { file: 'b.spec.ts', name: 'shows the page…' },
      { file: 'tests/unit/a.test.ts', name: 'writes the log, and "Open logs folder" opens it' },
      { file: 'tests/unit/a.test.ts', name: 'names the renamed one' },
      { file: 'tests/unit/a.test.ts', name: 'keeps it' },
      { file: 'nowhere.test.ts', name: 'is missing' },
      { file: 'tests/unit/gone.test.ts', name: 'goes' },
    ]);
  });

  it('match a whole test name, an ellipsis standing for the rest', () => {
    const source = `it('refuses it', () => {});\ntest("shows the page with its rows", () => {});`;
    expect(namesTest(source, 'refuses it')).toBe(true);
    expect(namesTest(source, 'refuses')).toBe(false);
    expect(namesTest(source, 'shows the page…')).toBe(true);
    expect(namesTest(source, 'shows the … rows')).toBe(true);
    expect(namesTest(source, 'keeps it')).toBe(false);
  });

  describe('in a planted repository', () => {
    const planted = mkdtempSync(join(tmpdir(), 'test-references-'));
    afterAll(() => rmSync(planted, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(planted, path)), { recursive: true });
      writeFileSync(join(planted, path), text);
    };
    write('RELIABILITY.md', SAMPLE);
    write(
      'tests/unit/a.test.ts',
      [
        "it('refuses it', () => {});",
        "it('keeps it', () => {});",
        `it('writes the log, and "Open logs folder" opens it', () => {});`,
        // Renamed since the document was written.
        "it('names the new name', () => {});",
      ].join('\n'),
    );
    write('tests/e2e/b.spec.ts', "test('shows the page and its rows', async () => {});");

    it('reports a renamed test, a missing file and a file that is gone', () => {
      expect(brokenReferences(planted, ['RELIABILITY.md'])).toEqual([
        'RELIABILITY.md: `tests/unit/a.test.ts` › "names the renamed one"',
        'RELIABILITY.md: `nowhere.test.ts` › "is missing" (no such file)',
        'RELIABILITY.md: `tests/unit/gone.test.ts` › "goes" (no such file)',
      ]);
    });
  });
});

describe('README.md, RELIABILITY.md and docs/', () => {
  it('name only tests that exist, by the names they have', () => {
    const files = documentationFiles(root);
    // RELIABILITY.md proves its claims this way: the walk must find its references.
    expect(testReferences(readMarkdown('RELIABILITY.md')).length).toBeGreaterThan(80);
    expect(brokenReferences(root, files)).toEqual([]);
  });
});

function readMarkdown(file: string): string {
  return readFileSync(join(root, file), 'utf8');
}
