import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { citationsIn, designParts, readCitations, resolvesToPart, specSections } from './citations';

const root = resolve(__dirname, '../../..');
// The shared notes are laid beside the repository, on a developer's machine as in CI.
const shared = resolve(root, '../shared');
const specFile = join(shared, 'spec/SPEC.md');
const designFile = join(shared, 'DESIGN.md');
const haveNotes = existsSync(specFile) && existsSync(designFile);
if (!haveNotes) console.warn(`citations not checked: no SPEC.md or DESIGN.md under ${shared}`);

describe('citations of SPEC.md and DESIGN.md', () => {
  it('finds section numbers and part names as comments write them', () => {
    const { spec, design } = citationsIn(
      [
        '// SPEC.md 7: any 2xx is a success (DESIGN.md, "The provider is not our server").',
        ' * as SPEC.md section 9 says; DESIGN.md: Renderer: the resource kit',
        '// DESIGN.md, Extensions. And SPEC.md 2.3 too.',
      ].join('\n'),
      'a.ts',
    );
    expect(spec.map((c) => [c.line, c.names])).toEqual([
      [1, '7'],
      [2, '9'],
      [3, '2'],
    ]);
    expect(design.map((c) => [c.line, c.names])).toEqual([
      [1, 'The provider is not our server'],
      [2, 'Renderer'],
      [3, 'Extensions'],
    ]);
  });

  it('tells a part that exists from one that does not', () => {
    const parts = designParts(
      '## Renderer (src/renderer)\n\n- **Runs live in core.** Work…\n- **Extensions.** What…\n',
    );
    expect(parts).toEqual(['Renderer', 'Runs live in core', 'Extensions']);
    expect(resolvesToPart('Runs', parts)).toBe(true);
    expect(resolvesToPart('Renderer', parts)).toBe(true);
    expect(resolvesToPart('Extensions: model runs', parts)).toBe(true);
    expect(resolvesToPart('Offline queue', parts)).toBe(false);
    expect([...specSections('## 1. what\n## 7. the calls\n### Auth\n')]).toEqual(['1', '7']);
  });

  it.skipIf(!haveNotes)(
    'every citation in the repository names a section of SPEC.md or a part of DESIGN.md',
    () => {
      const sections = specSections(readFileSync(specFile, 'utf8'));
      const parts = designParts(readFileSync(designFile, 'utf8'));
      const { spec, design } = readCitations(root);
      // The walk found the project's citations, so an empty list below means something.
      expect(spec.length).toBeGreaterThan(100);
      expect(design.length).toBeGreaterThan(20);
      const unresolved = [
        ...spec.filter((c) => !sections.has(c.names)),
        ...design.filter((c) => !resolvesToPart(c.names, parts)),
      ].map((c) => `${c.file}:${c.line}: ${c.written}`);
      expect(unresolved).toEqual([]);
    },
  );
});
