import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isDeveloperIdSigned,
  packagedAppProbe,
  publisherNamesOf,
  readSigningFacts,
  type SigningProbe,
} from '../../../src/main/core/desktop/updateSigning';

// app-update.yml as electron-builder writes it (PublishManager: serializeToYaml of the publish
// configuration, with publisherName added on Windows when it knows one).
const require = createRequire(import.meta.url);
const { serializeToYaml } = require('builder-util') as {
  serializeToYaml(value: object): string;
};
const appUpdateYml = (extra: object = {}) =>
  serializeToYaml({
    provider: 'generic',
    url: 'https://updates.invalid/dqc-console',
    ...extra,
    updaterCacheDirName: 'dqc-console-updater',
  });

function probe(overrides: Partial<SigningProbe>): SigningProbe {
  return {
    platform: 'linux',
    readAppUpdateConfig: () => null,
    codesignDisplay: async () => null,
    ...overrides,
  };
}

describe("the build's signing facts", () => {
  it('Windows: the publisher names electron-builder wrote into app-update.yml', async () => {
    const signed = appUpdateYml({ publisherName: ['Example Corp, Inc.'] });
    expect(publisherNamesOf(signed)).toEqual(['Example Corp, Inc.']);
    await expect(
      readSigningFacts(probe({ platform: 'win32', readAppUpdateConfig: () => signed })),
    ).resolves.toEqual({ platform: 'win32', publisherNames: ['Example Corp, Inc.'] });
    // One name rather than a list, as electron-updater also accepts.
    expect(publisherNamesOf('provider: generic\npublisherName: Example Corp\n')).toEqual([
      'Example Corp',
    ]);
  });

  it('Windows: none when the build was unsigned, the file is missing or unreadable', async () => {
    expect(publisherNamesOf(appUpdateYml())).toEqual([]);
    expect(publisherNamesOf(null)).toEqual([]);
    expect(publisherNamesOf('publisherName: [')).toEqual([]);
    expect(publisherNamesOf('just text')).toEqual([]);
    expect(publisherNamesOf(appUpdateYml({ publisherName: ['', '  ', 42] }))).toEqual([]);
    await expect(readSigningFacts(probe({ platform: 'win32' }))).resolves.toEqual({
      platform: 'win32',
      publisherNames: [],
    });
  });

  it('macOS: a Developer ID Application authority, not an ad-hoc signature', async () => {
    const developerId = [
      'Executable=/Applications/DQC Console.app/Contents/MacOS/DQC Console',
      'Identifier=com.dqc.console',
      'Format=app bundle with Mach-O thin (arm64)',
      'Authority=Developer ID Application: Example Corp (ABCDE12345)',
      'Authority=Developer ID Certification Authority',
      'Authority=Apple Root CA',
      'TeamIdentifier=ABCDE12345',
    ].join('\n');
    const adHoc = [
      'Executable=/Applications/DQC Console.app/Contents/MacOS/DQC Console',
      'Identifier=com.dqc.console',
      'Signature=adhoc',
      'TeamIdentifier=not set',
    ].join('\n');
    expect(isDeveloperIdSigned(developerId)).toBe(true);
    expect(isDeveloperIdSigned(adHoc)).toBe(false);
    expect(isDeveloperIdSigned('Authority=Apple Development: someone (X)')).toBe(false);
    expect(isDeveloperIdSigned(null)).toBe(false);
    await expect(
      readSigningFacts(probe({ platform: 'darwin', codesignDisplay: async () => developerId })),
    ).resolves.toEqual({ platform: 'darwin', developerId: true });
    await expect(readSigningFacts(probe({ platform: 'darwin' }))).resolves.toEqual({
      platform: 'darwin',
      developerId: false,
    });
  });

  it('Linux and anything else: nothing to read', async () => {
    await expect(readSigningFacts(probe({ platform: 'linux' }))).resolves.toEqual({
      platform: 'linux',
    });
    await expect(readSigningFacts(probe({ platform: 'freebsd' }))).resolves.toEqual({
      platform: 'other',
    });
  });

  it("a packaged app's probe reads app-update.yml from its resources folder", async () => {
    const resources = mkdtempSync(join(tmpdir(), 'dqc-resources-'));
    const app = { platform: 'win32' as const, resourcesPath: resources, execPath: '/x/DQC.exe' };
    expect(packagedAppProbe(app).readAppUpdateConfig()).toBeNull();
    writeFileSync(join(resources, 'app-update.yml'), appUpdateYml({ publisherName: ['Corp'] }));
    await expect(readSigningFacts(packagedAppProbe(app))).resolves.toEqual({
      platform: 'win32',
      publisherNames: ['Corp'],
    });
  });

  it('a codesign that cannot run says nothing (no signature)', async () => {
    const app = packagedAppProbe({
      platform: 'darwin',
      resourcesPath: '/nowhere',
      execPath: '/nowhere/DQC Console.app/Contents/MacOS/DQC Console',
    });
    // No /usr/bin/codesign here, and no such bundle anywhere.
    await expect(app.codesignDisplay()).resolves.toBeNull();
  });
});
