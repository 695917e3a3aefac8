import Ajv from 'ajv';
import type { Configuration } from 'electron-builder';
import { existsSync, readdirSync, readFileSync, Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { builderConfig } from '../../../electron-builder.config';
import { ICNS_TYPES, pngSize } from '../../../tools/iconFormats';

const ROOT = resolve(__dirname, '../../..');
const read = (path: string) => readFileSync(resolve(ROOT, path));

interface TargetList {
  target: string[];
  icon?: string;
}
interface BuilderConfig {
  electronFuses: Record<string, boolean>;
  asarUnpack: string[];
  win: TargetList;
  nsis: Record<string, unknown>;
  msi: Record<string, unknown>;
  mac: TargetList & Record<string, unknown>;
  linux: TargetList;
  publish: { provider: string; url: string };
  [key: string]: unknown;
}

const yml = read('electron-builder.yml').toString('utf8');
const config = parse(yml) as BuilderConfig;

const KEYTAR_BINARY = 'node_modules/keytar/build/Release/keytar.node';
const isScript = (file: string) => /\.(js|cjs|mjs)$/.test(file);

/** A file as electron-builder's node_modules copier describes it (NodeModuleCopyHelper). */
interface PackagedFile {
  path: string;
  stat: Stats & { moduleName: string; moduleRootPath: string; moduleFullFilePath: string };
}

function packagedFile(path: string): PackagedFile {
  const [, scopeOrName, name] = path.split('/');
  const moduleName = scopeOrName!.startsWith('@') ? `${scopeOrName}/${name}` : scopeOrName!;
  const stat = Object.assign(Object.create(Stats.prototype) as Stats, {
    isFile: () => true,
    isDirectory: () => false,
    moduleName,
    moduleRootPath: `node_modules/${moduleName}`,
    moduleFullFilePath: path,
  });
  return { path: resolve(ROOT, path), stat };
}

/** Every installed file of the app's own dependencies, which electron-builder puts in the app. */
function dependencyFiles(): PackagedFile[] {
  const pkg = JSON.parse(read('package.json').toString('utf8')) as {
    dependencies: Record<string, string>;
    optionalDependencies?: Record<string, string>;
  };
  const names = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.optionalDependencies ?? {})];
  return names
    .filter((name) => existsSync(resolve(ROOT, 'node_modules', name)))
    .flatMap((name) =>
      readdirSync(resolve(ROOT, 'node_modules', name), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) =>
          packagedFile(relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/')),
        ),
    );
}

type Filter = (file: string, stat: Stats) => boolean;
const builderRequire = createRequire(import.meta.url);
const { getFileMatchers } = builderRequire('app-builder-lib/out/fileMatcher') as {
  getFileMatchers(
    config: Configuration,
    name: 'asarUnpack',
    destination: string,
    options: {
      macroExpander: (pattern: string) => string;
      customBuildOptions: object;
      globalOutDir: string;
      defaultSrc: string;
    },
  ): { createFilter(): Filter }[] | null;
};
const { detectUnpackedDirs } = builderRequire('app-builder-lib/out/asar/unpackDetector') as {
  detectUnpackedDirs(
    fileSet: { files: string[]; metadata: Map<string, Stats> },
    dirs: Set<string>,
  ): void;
};

/**
 * The files electron-builder leaves outside app.asar on a platform: asarUnpack's patterns as its
 * own matcher reads them (platformPackager.copyAppFiles), plus, unless smartUnpack is off, every
 * package it judges to hold executable code (asarUtil.processFileSets).
 */
function unpackedFiles(
  built: Configuration,
  platform: 'win' | 'mac' | 'linux',
  files: PackagedFile[],
): string[] {
  const matchers = getFileMatchers(built, 'asarUnpack', resolve(ROOT, 'app'), {
    macroExpander: (pattern) => pattern,
    customBuildOptions: built[platform] ?? {},
    globalOutDir: resolve(ROOT, 'dist'),
    defaultSrc: ROOT,
  });
  const filter = matchers?.[0]?.createFilter() ?? (() => false);
  const smartDirs = new Set<string>();
  const asar = typeof built.asar === 'object' ? built.asar : null;
  if (asar?.smartUnpack !== false)
    detectUnpackedDirs(
      { files: files.map((f) => f.path), metadata: new Map(files.map((f) => [f.path, f.stat])) },
      smartDirs,
    );
  return files
    .filter(
      ({ path, stat }) =>
        filter(path, stat) ||
        [...smartDirs].some((dir) => stat.moduleFullFilePath.startsWith(`${dir}/`)),
    )
    .map(({ stat }) => stat.moduleFullFilePath);
}

describe('electron-builder.yml', () => {
  it("is valid against electron-builder's own configuration schema", () => {
    // app-builder-lib/scheme.json is draft-07, which Ajv 8's default class speaks; strict off
    // because the schema carries descriptive keywords Ajv does not know.
    const require = createRequire(import.meta.url);
    const schema = require('app-builder-lib/scheme.json') as object;
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(schema);
    expect(validate(config), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // The schema does refuse mistakes (so a pass means something).
    expect(validate({ ...config, nsis: { ...config.nsis, oneClik: false } })).toBe(false);
  });

  it('release fuses turn off what the app does not use and lock the app to its signed asar', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      // file:// pages get no more than in a browser: the app is served from app:// instead.
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('no asarUnpack pattern matches .js, .cjs or .mjs: only native modules leave app.asar', () => {
    // The app's dependencies as electron-builder lays them out, matched by electron-builder's own
    // code on every platform, smartUnpack included (it unpacks a native module's whole package).
    const files = dependencyFiles();
    expect(files.length).toBeGreaterThan(1000);
    for (const platform of ['win', 'mac', 'linux'] as const) {
      const unpacked = unpackedFiles(builderConfig({}), platform, files);
      expect(unpacked.filter(isScript), platform).toEqual([]);
      expect(
        unpacked.every((file) => file.endsWith('.node')),
        platform,
      ).toBe(true);
      if (existsSync(resolve(ROOT, KEYTAR_BINARY)))
        expect(unpacked, platform).toContain(KEYTAR_BINARY);
    }
  });

  it('the check catches a whole package unpacked, and smartUnpack left on', () => {
    const files = [
      ...dependencyFiles(),
      // A native module's files, whether or not keytar was built on this machine.
      ...['node_modules/keytar/lib/keytar.js', KEYTAR_BINARY].map((path) => packagedFile(path)),
    ];
    const base = builderConfig({});
    const withKeytar = { ...base, asarUnpack: ['node_modules/keytar/**', '**/*.node'] };
    expect(unpackedFiles(withKeytar, 'linux', files).filter(isScript)).toContain(
      'node_modules/keytar/lib/keytar.js',
    );
    const smart = { ...base, asar: { smartUnpack: true } };
    expect(unpackedFiles(smart, 'linux', files).filter(isScript)).toContain(
      'node_modules/keytar/lib/keytar.js',
    );
    expect(unpackedFiles(base, 'linux', files)).toContain(KEYTAR_BINARY);
  });

  it('builds NSIS (per-user or per-machine, chosen at install) and MSI for Windows', () => {
    expect(config.win.target).toEqual(['nsis', 'msi']);
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: false, allowElevation: true });
    expect(config.msi).toMatchObject({ perMachine: true });
  });

  it('builds dmg and the zip electron-updater needs for macOS, hardened, with entitlements', () => {
    expect(config.mac.target).toEqual(['dmg', 'zip']);
    expect(config.mac).toMatchObject({
      hardenedRuntime: true,
      notarize: true,
      entitlements: 'resources/entitlements.mac.plist',
      entitlementsInherit: 'resources/entitlements.mac.plist',
    });
    const plist = read('resources/entitlements.mac.plist').toString('utf8');
    const granted = [...plist.matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((m) => m[1]);
    expect(granted).toEqual(['com.apple.security.cs.allow-jit']);
  });

  it('builds AppImage, deb and rpm for Linux', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb', 'rpm']);
  });

  it('publishes to a generic feed', () => {
    expect(config.publish.provider).toBe('generic');
  });

  it('holds no signing secret: identities come from the environment', () => {
    const keys = JSON.stringify(config);
    for (const secret of [
      'cscLink',
      'cscKeyPassword',
      'certificatePassword',
      'certificateFile',
      'appleId',
      'appleIdPassword',
      'APPLE_APP_SPECIFIC_PASSWORD":',
    ])
      expect(keys).not.toContain(secret);
    expect(yml).not.toMatch(/password\s*:/i);
  });
});

describe('electron-builder.config.ts: what only the build environment knows', () => {
  const validate = () => {
    const require = createRequire(import.meta.url);
    const ajv = new Ajv({ allErrors: true, strict: false });
    return ajv.compile(require('app-builder-lib/scheme.json') as object);
  };

  it('is what npm run package hands electron-builder', () => {
    const scripts = (
      JSON.parse(read('package.json').toString('utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.package).toBe(
      'npm run build && electron-builder --config electron-builder.config.ts',
    );
  });

  it('without WIN_PUBLISHER_NAME is electron-builder.yml as it is', () => {
    expect(builderConfig({})).toEqual(config);
    expect(builderConfig({ WIN_PUBLISHER_NAME: '  ' })).toEqual(config);
  });

  it('takes the Windows publisher from WIN_PUBLISHER_NAME, and then insists on signing', () => {
    const built = builderConfig({ WIN_PUBLISHER_NAME: ' Example Corp, Inc. ' });
    // electron-builder writes it into app-update.yml; electron-updater checks installers against it.
    expect(built.win).toEqual({
      ...config.win,
      forceCodeSigning: true,
      signtoolOptions: { signingHashAlgorithms: ['sha256'], publisherName: 'Example Corp, Inc.' },
    });
    // Nothing else changes, and the result is still a valid configuration.
    expect({ ...built, win: config.win }).toEqual(config);
    const check = validate();
    expect(check(built), JSON.stringify(check.errors, null, 2)).toBe(true);
  });

  it('never reads a signing secret into the configuration', () => {
    const built = builderConfig({
      WIN_PUBLISHER_NAME: 'Example Corp',
      WIN_CSC_LINK: '/secret/cert.pfx',
      WIN_CSC_KEY_PASSWORD: 'hunter2',
      CSC_LINK: '/secret/mac.p12',
      CSC_KEY_PASSWORD: 'hunter3',
    });
    const text = JSON.stringify(built);
    for (const secret of ['/secret/', 'hunter2', 'hunter3']) expect(text).not.toContain(secret);
  });
});

describe('icons in resources/', () => {
  it('a 1024 px PNG, and the Linux set named by size', () => {
    expect(config.icon).toBe('resources/icon.png');
    expect(pngSize(read('resources/icon.png'))).toEqual({ width: 1024, height: 1024 });
    expect(config.linux.icon).toBe('resources/icons');
    for (const size of [16, 32, 48, 64, 128, 256, 512])
      expect(pngSize(read(`resources/icons/${size}x${size}.png`))).toEqual({
        width: size,
        height: size,
      });
  });

  it('an ICO with PNG entries from 16 to 256 px', () => {
    expect(config.win.icon).toBe('resources/icon.ico');
    const ico = read('resources/icon.ico');
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
      const entry = 6 + 16 * i;
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      const png = ico.subarray(offset, offset + length);
      const { width, height } = pngSize(png);
      expect(width).toBe(height);
      expect(ico.readUInt8(entry) || 256).toBe(width);
      return width;
    });
    expect(sizes).toEqual([16, 24, 32, 48, 64, 128, 256]);
  });

  it('an ICNS with PNG entries ic07 to ic10 (and the @2x ones)', () => {
    expect(config.mac.icon).toBe('resources/icon.icns');
    const icns = read('resources/icon.icns');
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const found: [string, number][] = [];
    for (let at = 8; at < icns.length;) {
      const type = icns.subarray(at, at + 4).toString('ascii');
      const length = icns.readUInt32BE(at + 4);
      found.push([type, pngSize(icns.subarray(at + 8, at + length)).width]);
      at += length;
    }
    expect(found).toEqual(ICNS_TYPES.map(([type, size]) => [type, size]));
    expect(found.map(([type]) => type)).toEqual(
      expect.arrayContaining(['ic07', 'ic08', 'ic09', 'ic10']),
    );
  });

  it('are drawn from resources/icon.svg', () => {
    expect(existsSync(resolve(ROOT, 'resources/icon.svg'))).toBe(true);
  });
});
