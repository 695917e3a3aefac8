import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * RELIABILITY.md and the other documents name the test that proves a claim as `file` › "test
 * name", "another test". A test renamed or moved would leave the claim pointing at nothing; these
 * helpers find every such reference and say which ones no longer name a test.
 */

/** One reference as written: the test file (a path from the root, or a bare file name) and a name. */
export interface TestReference {
  file: string;
  /** The test's name; an ellipsis (…) stands for any text, so "keeps the session …" is a prefix. */
  name: string;
}

/** A backticked test file, then the separator: `tests/unit/x.test.ts` › */
const REFERENCE_START = /`([^`\s]+\.(?:test|spec)\.tsx?)`\s*›\s*/g;

/** A line that starts something of its own: a list item, a table row, a heading. */
const STARTS_A_BLOCK = /^\s*(?:[-*|#]|\d+\.)\s|^\s*\|/;

/**
 * Markdown wraps a paragraph or a list item onto further lines: joined back, a name split over
 * two lines is whole again. Table rows, headings and new items stay lines of their own.
 */
function logicalLines(markdown: string): string[] {
  const lines: string[] = [];
  let previous = '';
  for (const line of markdown.split('\n')) {
    const continues =
      line.trim() !== '' &&
      previous.trim() !== '' &&
      !STARTS_A_BLOCK.test(line) &&
      !/^\s*[|#]/.test(previous);
    if (continues) lines[lines.length - 1] += ` ${line.trim()}`;
    else lines.push(line);
    previous = line;
  }
  return lines;
}

/**
 * The quoted names after a separator, in order: `"a", "b", and "c"`. A name ends at a quote that
 * a comma, semicolon, full stop, bracket, table bar or the end of the line follows, so a name may
 * quote a label of its own ("and "Open logs folder" opens it").
 */
function namesAt(text: string): string[] {
  const names: string[] = [];
  let rest = text;
  while (rest.startsWith('"')) {
    const close = /"(?=\s*(?:[,;.()|]|$))/.exec(rest.slice(1));
    if (!close) break;
    names.push(rest.slice(1, close.index + 1));
    rest = rest.slice(close.index + 2).replace(/^\s*,\s*(?:and\s+)?/, '');
  }
  return names;
}

export function testReferences(markdown: string): TestReference[] {
  const found: TestReference[] = [];
  for (const line of logicalLines(markdown)) {
    for (const match of line.matchAll(REFERENCE_START)) {
      const after = line.slice(match.index + match[0].length);
      for (const name of namesAt(after)) found.push({ file: match[1]!, name });
    }
  }
  return found;
}

/** Every test file under tests/, by its path from the root. */
function testFiles(root: string): string[] {
  return readdirSync(join(root, 'tests'), { recursive: true, encoding: 'utf8' })
    .map((name) => `tests/${name.split('\\').join('/')}`)
    .filter((path) => /\.(?:test|spec)\.tsx?$/.test(path));
}

/** The file a reference names: its path, or the one test file with that bare name. */
function resolveFile(root: string, file: string, all: string[]): string | string[] {
  if (file.includes('/')) return existsSync(join(root, file)) ? file : [];
  return all.filter((path) => basename(path) === file);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `source` holds a string literal that is the name: quoted whole, in ' " or `, with an
 * ellipsis standing for any run of text (and, at the end, for the rest of the name).
 */
export function namesTest(source: string, name: string): boolean {
  const unescaped = source.replace(/\\(['"`])/g, '$1');
  const parts = name.split(/…|\.\.\./).map((part) => escapeRegExp(part.trim()));
  const open = name.trimEnd().endsWith('…') || name.trimEnd().endsWith('...');
  const body = parts.filter((part, index) => part !== '' || index === 0).join('[^\\n]*?');
  const pattern = new RegExp(`(['"\`])${body}${open ? '' : '\\1'}`);
  return pattern.test(unescaped);
}

/** Each reference in `files` (markdown, from `root`) that names no test, as "file: `test` › "name"". */
export function brokenReferences(root: string, files: string[]): string[] {
  const all = testFiles(root);
  const broken: string[] = [];
  for (const file of files) {
    for (const reference of testReferences(readFileSync(join(root, file), 'utf8'))) {
      const shown = `${file}: \`${reference.file}\` › "${reference.name}"`;
      const resolved = resolveFile(root, reference.file, all);
      if (typeof resolved !== 'string' && resolved.length !== 1) {
        broken.push(`${shown} (${resolved.length === 0 ? 'no such file' : 'several such files'})`);
        continue;
      }
      const path = typeof resolved === 'string' ? resolved : resolved[0]!;
      if (!namesTest(readFileSync(join(root, path), 'utf8'), reference.name)) broken.push(shown);
    }
  }
  return broken;
}
