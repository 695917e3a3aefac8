// `npm run start:browser`: builds the renderer if it is missing or older than its sources, then
// runs browser mode (src/browser/cli.ts) with tsx.
import { spawn } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRendererBuilt } from './ensure-renderer.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const status = ensureRendererBuilt();
if (status !== 0) process.exit(status);

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/browser/cli.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
