// `npm run start:browser`: builds the renderer if it is missing or older than its sources, then
// runs browser mode (src/browser/cli.ts) with tsx.
import { spawnSync, spawn } from 'node:child_process';
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

const stale =
  !existsSync(built) ||
  Math.max(newestMtime(join(root, 'src/renderer')), newestMtime(join(root, 'src/shared'))) >
    statSync(built).mtimeMs;
if (stale) {
  console.log('Building the renderer…');
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/browser/cli.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
