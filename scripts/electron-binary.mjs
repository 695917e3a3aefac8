// Finds Electron's binary without triggering electron's own download-on-require.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

function electronDir() {
  try {
    return dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/** The binary's path if it is installed, else null. */
export function installedElectronPath() {
  const dir = electronDir();
  if (!dir) return null;
  const pathFile = join(dir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const full = join(process.env.ELECTRON_OVERRIDE_DIST_PATH, relative || 'electron');
    return existsSync(full) ? full : null;
  }
  if (!relative) return null;
  const full = join(dir, 'dist', relative);
  return existsSync(full) ? full : null;
}

/** Tries electron's own installer once, quietly; true when the binary is there afterwards. */
export function tryInstallElectron(timeoutMs = 180_000) {
  const dir = electronDir();
  if (!dir) return false;
  spawnSync(process.execPath, [join(dir, 'install.js')], { stdio: 'ignore', timeout: timeoutMs });
  return installedElectronPath() !== null;
}
