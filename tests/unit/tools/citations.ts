import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentationFiles } from './docPaths';

/**
 * Comments and docs cite the rule they protect: a section of SPEC.md ("SPEC.md 7") or a part of
 * DESIGN.md ("DESIGN.md, Extensions"), both kept beside this repository in the project's shared
 * notes. A citation that names no section or part sends a reader nowhere; these helpers find them.
 */

/** One citation as written, where it stands, and what it names. */
export interface Citation {
  file: string;
  line: number;
  written: string;
  /** A SPEC.md section number, or the first words of a DESIGN.md part. */
  names: string;
}

/** `SPEC.md 7`, `SPEC.md section 9`, `SPEC.md 2.3`: the top-level number is what must exist. */
const SPEC_CITATION = /SPEC\.md,? (?:section )?(\d+)(?:\.\d+)*/g;

/**
 * `DESIGN.md, Extensions`, `DESIGN.md, "Per-user local data"`, `DESIGN.md: Renderer`: the words up
 * to the first mark that ends a name (a quote, colon, comma, full stop, bracket or semicolon).
 */
const DESIGN_CITATION = /DESIGN\.md[,:] (?:part )?["“]?([A-Z][^"”:;,.()\n`*]*)/g;

export function citationsIn(text: string, file: string): { spec: Citation[]; design: Citation[] } {
  const spec: Citation[] = [];
  const design: Citation[] = [];
  text.split('\n').forEach((content, index) => {
    for (const match of content.matchAll(SPEC_CITATION))
      spec.push({ file, line: index + 1, written: match[0], names: match[1]! });
    for (const match of content.matchAll(DESIGN_CITATION))
      design.push({ file, line: index + 1, written: match[0], names: match[1]!.trim() });
  });
  return { spec, design };
}

/** SPEC.md's numbered sections: `## 7. the calls it makes` gives 7. */
export function specSections(spec: string): Set<string> {
  return new Set([...spec.matchAll(/^## (\d+)\./gm)].map((match) => match[1]!));
}

/**
 * DESIGN.md's parts: its headings (`## Renderer (src/renderer)` gives "Renderer") and the bold
 * lead-ins that name a rule inside a part (`**Runs live in core.**`, `**Extensions.**`).
 */
export function designParts(design: string): string[] {
  const headings = [...design.matchAll(/^#{2,3} (.+)$/gm)].map((match) =>
    match[1]!.replace(/\s*\(.*$/, '').trim(),
  );
  const leadIns = [...design.matchAll(/\*\*([^*]+?)\.?\*\*/g)].map((match) => match[1]!.trim());
  return [...headings, ...leadIns];
}

const normalised = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * A cited part resolves when it names a part, or starts with one ("Renderer: the resource kit"
 * is cut at the colon; "Runs" is the start of "Runs live in core").
 */
export function resolvesToPart(names: string, parts: readonly string[]): boolean {
  const cited = normalised(names);
  return parts.some((part) => {
    const known = normalised(part);
    return cited.startsWith(known) || known.startsWith(cited);
  });
}

/**
 * Text files of the repository that may cite: the sources, tests, scripts, tools and benchmark
 * notes, and the markdown whose paths docPaths.ts checks.
 */
export function citingFiles(root: string): string[] {
  const code = ['src', 'tests', 'scripts', 'tools', 'bench'].flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(?:ts|tsx|mts|mjs|js|md)$/.test(name))
      .map((name) => `${folder}/${name.split('\\').join('/')}`),
  );
  return [...code, ...documentationFiles(root)];
}

export function readCitations(root: string): { spec: Citation[]; design: Citation[] } {
  const spec: Citation[] = [];
  const design: Citation[] = [];
  for (const file of citingFiles(root)) {
    const found = citationsIn(readFileSync(join(root, file), 'utf8'), file);
    spec.push(...found.spec);
    design.push(...found.design);
  }
  return { spec, design };
}
