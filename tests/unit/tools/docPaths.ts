import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The folders a backticked repository path starts with; anything else in backticks is not one. */
const REPO_ROOTS = ['src', 'tests', 'docs', 'scripts', 'tools', 'bench', 'resources', '.ci'];

/**
 * A backticked token that is a path of this repository, from its root: it starts with one of the
 * roots and a `/`, and holds nothing a path here never holds (spaces, glob or placeholder
 * characters such as `*`, `{`, `<`, an ellipsis). `src/shared/api/<service>.ts` is a pattern, not
 * a file, and is left alone.
 */
const REPO_PATH = new RegExp(
  `^(?:${REPO_ROOTS.map((root) => root.replace('.', '\\.')).join('|')})/[^\\s*?{}<>[\\]…|]*$`,
);

/** A link target with a scheme (`https:`, `mailto:`) or only an anchor is not a file. */
const NOT_A_FILE = /^(?:[a-z][a-z0-9+.-]*:|#)/i;

/** One path a markdown file names, as written, and the repository path it stands for. */
export interface NamedPath {
  written: string;
  /** From the repository's root, with `/` separators. */
  path: string;
}

/** The text outside fenced code blocks, where a tree drawing or a shell session is not a claim. */
function outsideFences(markdown: string): string {
  const kept: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const opening = /^\s*(```|~~~)/.exec(line);
    if (opening) {
      if (fence === null) fence = opening[1]!;
      else if (opening[1] === fence) fence = null;
      kept.push('');
      continue;
    }
    kept.push(fence === null ? line : '');
  }
  return kept.join('\n');
}

/**
 * Every repository path that `markdown` (the file at `file`, from the repository's root) names:
 * backticked tokens that are repository paths (from the root), and the targets of relative links
 * and images (from the file's own folder, anchors dropped).
 */
export function namedPaths(markdown: string, file: string): NamedPath[] {
  const text = outsideFences(markdown);
  const found: NamedPath[] = [];
  for (const [, token] of text.matchAll(/`([^`\n]+)`/g)) {
    const written = token!.trim();
    if (REPO_PATH.test(written)) found.push({ written, path: written.replace(/\/$/, '') });
  }
  // [text](target) and ![alt](target "title"); the text may hold backticks but no brackets.
  for (const [, target] of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const written = target!;
    if (NOT_A_FILE.test(written)) continue;
    const withoutAnchor = written.replace(/[#?].*$/, '');
    if (withoutAnchor === '') continue;
    const path = join(dirname(file), decodeURI(withoutAnchor)).split('\\').join('/');
    found.push({ written, path: path.replace(/\/$/, '') });
  }
  return found;
}

/** The markdown files whose paths must exist: README.md, RELIABILITY.md and all of docs/. */
export function documentationFiles(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name.split('\\').join('/')}`);
  return ['README.md', 'RELIABILITY.md', ...docs.sort()];
}

/** Each path named in `files` (from `root`) that does not exist, as "file: path". */
export function missingPaths(root: string, files: string[]): string[] {
  const missing: string[] = [];
  for (const file of files) {
    const markdown = readFileSync(join(root, file), 'utf8');
    for (const { written, path } of namedPaths(markdown, file)) {
      const absolute = resolve(root, path);
      const inside = !relative(root, absolute).startsWith('..');
      if (!inside || !existsSync(absolute)) missing.push(`${file}: ${written}`);
    }
  }
  return missing;
}
