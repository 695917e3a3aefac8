import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What the report needs of an output chunk (a subset of Rolldown's OutputChunk). */
export interface ChunkInfo {
  fileName: string;
  code: string;
  isEntry: boolean;
  /** Chunks this one imports statically: they load with it. */
  imports: readonly string[];
  /** The module a chunk stands for (a lazy route's page), when it has one. */
  facadeModuleId: string | null;
}

export interface Size {
  raw: number;
  /** zlib's default level, as a web server or a measuring tool would send it. */
  gzip: number;
}

export interface SizeReport {
  /** Every JavaScript chunk, largest (gzip) first. */
  chunks: ({ file: string } & Size)[];
  /** What opening the console on the login screen loads: the entry, the login chunk, and all that these import statically. */
  loginRoute: { files: string[] } & Size;
  total: Size;
}

export const SIZE_REPORT_FILE = 'size-report.json';

const sizeOf = (code: string): Size => ({
  raw: Buffer.byteLength(code),
  gzip: gzipSync(code).length,
});

const sum = (sizes: readonly Size[]): Size => ({
  raw: sizes.reduce((total, size) => total + size.raw, 0),
  gzip: sizes.reduce((total, size) => total + size.gzip, 0),
});

/** The chunks named and every chunk they import statically, transitively, each once. */
export function staticClosure(chunks: ReadonlyMap<string, ChunkInfo>, roots: readonly string[]) {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    chunks.get(fileName)?.imports.forEach(visit);
  };
  roots.forEach(visit);
  return [...seen];
}

/**
 * Sizes every chunk and totals what the login route loads. `loginModule` is the end of the login
 * page's module path; a build without that chunk is an error, since the figure would be wrong.
 */
export function buildSizeReport(chunks: readonly ChunkInfo[], loginModule: string): SizeReport {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const sizes = new Map(chunks.map((chunk) => [chunk.fileName, sizeOf(chunk.code)]));
  const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  const login = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(loginModule));
  if (!login) throw new Error(`size report: no chunk for ${loginModule}`);
  const files = staticClosure(byFile, [...entries, login.fileName]).sort();
  const loginSize = sum(files.map((file) => sizes.get(file)!));
  return {
    chunks: [...sizes].map(([file, size]) => ({ file, ...size })).sort((a, b) => b.gzip - a.gzip),
    loginRoute: { files, ...loginSize },
    total: sum([...sizes.values()]),
  };
}

/**
 * Writes `size-report.json` next to the built page: each chunk's raw and gzip size and the total
 * of the login route, for the bundle budget test and the benchmark (DESIGN.md: at most 400 KB).
 */
export function sizeReport(options: { loginModule: string }): Plugin {
  return {
    name: 'dqc-size-report',
    apply: 'build',
    // After writing, so the code measured is the code shipped (minified, preload lists filled in).
    writeBundle(output, bundle) {
      const chunks: ChunkInfo[] = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk' ? [item] : [],
      );
      const report = buildSizeReport(chunks, options.loginModule);
      writeFileSync(join(output.dir!, SIZE_REPORT_FILE), `${JSON.stringify(report, null, 2)}\n`);
    },
  };
}
