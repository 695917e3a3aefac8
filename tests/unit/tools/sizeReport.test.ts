import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildSizeReport, staticClosure, type ChunkInfo } from '../../../tools/sizeReport';

const chunk = (fileName: string, code: string, extra: Partial<ChunkInfo> = {}): ChunkInfo => ({
  fileName,
  code,
  isEntry: false,
  imports: [],
  facadeModuleId: null,
  ...extra,
});

// An entry with a vendor chunk, a lazy login page sharing a form chunk with a lazy list screen.
const CHUNKS: ChunkInfo[] = [
  chunk('assets/index.js', 'entry();'.repeat(50), {
    isEntry: true,
    imports: ['assets/vendor.js'],
  }),
  // Chunks can import each other in a cycle (a shared chunk that uses the entry's exports).
  chunk('assets/vendor.js', 'vendor();'.repeat(400), { imports: ['assets/index.js'] }),
  chunk('assets/form.js', 'form();'.repeat(200), { imports: ['assets/vendor.js'] }),
  chunk('assets/LoginPage.js', 'login();'.repeat(30), {
    imports: ['assets/form.js', 'assets/index.js'],
    facadeModuleId: '/repo/src/renderer/features/login/LoginPage.tsx',
  }),
  chunk('assets/ListPage.js', 'list();'.repeat(900), {
    imports: ['assets/form.js', 'assets/table.js'],
    facadeModuleId: '/repo/src/renderer/features/list/ListPage.tsx',
  }),
  chunk('assets/table.js', 'table();'.repeat(700)),
];

describe('size report', () => {
  it('follows static imports transitively, each chunk once, through cycles', () => {
    const byFile = new Map(CHUNKS.map((c) => [c.fileName, c]));
    expect(staticClosure(byFile, ['assets/LoginPage.js']).sort()).toEqual([
      'assets/LoginPage.js',
      'assets/form.js',
      'assets/index.js',
      'assets/vendor.js',
    ]);
  });

  it('totals the entry, the login chunk and their static imports, and no other screen', () => {
    const report = buildSizeReport(CHUNKS, 'src/renderer/features/login/LoginPage.tsx');
    const files = ['assets/LoginPage.js', 'assets/form.js', 'assets/index.js', 'assets/vendor.js'];
    expect(report.loginRoute.files).toEqual(files);
    const codeOf = (file: string) => CHUNKS.find((c) => c.fileName === file)!.code;
    expect(report.loginRoute.raw).toBe(files.reduce((n, f) => n + codeOf(f).length, 0));
    expect(report.loginRoute.gzip).toBe(files.reduce((n, f) => n + gzipSync(codeOf(f)).length, 0));
  });

  it('sizes every chunk, largest first, and the whole build', () => {
    const report = buildSizeReport(CHUNKS, 'features/login/LoginPage.tsx');
    expect(report.chunks).toHaveLength(CHUNKS.length);
    const gzips = report.chunks.map((c) => c.gzip);
    expect(gzips).toEqual([...gzips].sort((a, b) => b - a));
    expect(report.chunks.find((c) => c.file === 'assets/table.js')).toEqual({
      file: 'assets/table.js',
      raw: 'table();'.length * 700,
      gzip: gzipSync('table();'.repeat(700)).length,
    });
    expect(report.total.raw).toBe(CHUNKS.reduce((n, c) => n + c.code.length, 0));
  });

  it('refuses a build without the login chunk rather than report a wrong figure', () => {
    expect(() => buildSizeReport(CHUNKS.slice(0, 3), 'features/login/LoginPage.tsx')).toThrow(
      /no chunk for features\/login\/LoginPage.tsx/,
    );
  });
});
