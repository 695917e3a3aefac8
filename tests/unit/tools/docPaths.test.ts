import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { documentationFiles, missingPaths, namedPaths } from './docPaths';

const root = resolve(__dirname, '../../..');

const SAMPLE = [
  'Settings live in `src/main/core/settings.ts`; the tests in `tests/unit/` and `.ci/run`.',
  'Not paths: `https://x.com/a/b`, `/twitter-service/filter`, `~/.config/dqc-console/settings.json`,',
  '`tests/unit/{shared,main}/**/*.test.ts`, `src/shared/api/<service>.ts`, `npm run bench -- core`,',
  '`features/review/card.css` (not from the root), `ctrl+z`, `users/<hash>/prefs.json`.',
  'A planted one: `src/renderer/nowhere/planted.ts`.',
  '',
  '![The screen](review.png "Review") and [the guide](user-guide.md#keys), [up](../README.md),',
  '[a site](https://example.com/docs/x.md), [mail](mailto:it@example.com), [here](#start).',
  '',
  '```',
  'src/fenced/tree.ts   `src/fenced/also.ts`',
  '```',
].join('\n');

describe('the paths a document names', () => {
  it('are its backticked repository paths and its relative links, nothing else', () => {
    expect(namedPaths(SAMPLE, 'docs/sample.md')).toEqual([
      { written: 'src/main/core/settings.ts', path: 'src/main/core/settings.ts' },
      { written: 'tests/unit/', path: 'tests/unit' },
      { written: '.ci/run', path: '.ci/run' },
      { written: 'src/renderer/nowhere/planted.ts', path: 'src/renderer/nowhere/planted.ts' },
      { written: 'review.png', path: 'docs/review.png' },
      { written: 'user-guide.md#keys', path: 'docs/user-guide.md' },
      { written: '../README.md', path: 'README.md' },
    ]);
  });

  describe('in a planted repository', () => {
    const planted = mkdtempSync(join(tmpdir(), 'doc-paths-'));
    afterAll(() => rmSync(planted, { recursive: true, force: true }));
    const write = (path: string, text = '') => {
      mkdirSync(dirname(join(planted, path)), { recursive: true });
      writeFileSync(join(planted, path), text);
    };
    write(
      'README.md',
      'See [the guide](docs/guide.md), [the design](../shared/DESIGN.md), `src/main/core/settings.ts`.\n',
    );
    write('RELIABILITY.md', 'Nothing named.\n');
    write('docs/guide.md', SAMPLE);
    write('docs/api/calls.md', 'Declared in `src/shared/api/review.ts`.\n');
    write('docs/review.png');
    write('docs/user-guide.md');
    write('src/main/core/settings.ts');
    write('tests/unit/a.test.ts');
    write('.ci/run');

    it('reads README.md, RELIABILITY.md and every markdown file under docs/', () => {
      expect(documentationFiles(planted)).toEqual([
        'README.md',
        'RELIABILITY.md',
        'docs/api/calls.md',
        'docs/guide.md',
        'docs/user-guide.md',
      ]);
    });

    it('reports each missing path with the file that names it', () => {
      expect(missingPaths(planted, documentationFiles(planted))).toEqual([
        // Outside the repository: a reader of the repository cannot open it.
        'README.md: ../shared/DESIGN.md',
        'docs/api/calls.md: src/shared/api/review.ts',
        'docs/guide.md: src/renderer/nowhere/planted.ts',
      ]);
    });
  });
});

describe('README.md, RELIABILITY.md and docs/', () => {
  it('name only paths that exist', () => {
    expect(missingPaths(root, documentationFiles(root))).toEqual([]);
  });
});
