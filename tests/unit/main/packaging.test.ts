import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The `electronFuses:` block of electron-builder.yml as a map (flat `key: value` lines). */
function fuses(): Record<string, string> {
  const yml = readFileSync(resolve(__dirname, '../../../electron-builder.yml'), 'utf8');
  const block = /^electronFuses:\n((?:[ \t]+.*\n)+)/m.exec(yml);
  if (!block) throw new Error('electron-builder.yml has no electronFuses block');
  return Object.fromEntries(
    block[1]!
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean)
      .map((line) => line.split(/:\s*/) as [string, string]),
  );
}

describe('release fuses (electron-builder.yml)', () => {
  it('turn off what the app does not use and lock the app to its signed asar', () => {
    expect(fuses()).toEqual({
      runAsNode: 'false',
      enableCookieEncryption: 'true',
      enableNodeOptionsEnvironmentVariable: 'false',
      enableNodeCliInspectArguments: 'false',
      enableEmbeddedAsarIntegrityValidation: 'true',
      onlyLoadAppFromAsar: 'true',
      // file:// pages get no more than in a browser: the app is served from app:// instead.
      grantFileProtocolExtraPrivileges: 'false',
    });
  });
});
