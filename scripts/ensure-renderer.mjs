// Builds the renderer when out/renderer is missing or older than its sources (browser mode and the
// browser benchmarks open the built files).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'out/renderer/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function ensureRendererBuilt() {
  const stale =
    !existsSync(built) ||
    Math.max(newestMtime(join(root, 'src/renderer')), newestMtime(join(root, 'src/shared'))) >
      statSync(built).mtimeMs;
  if (!stale) return 0;
  console.log('Building the renderer…');
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    { cwd: root, stdio: 'inherit' },
  );
  return build.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(ensureRendererBuilt());
