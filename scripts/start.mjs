// `npm start`: the desktop app on the embedded demo server; where Electron's binary cannot be
// installed (offline or locked-down machines) it says so in one line and starts browser mode.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installedElectronPath, tryInstallElectron } from './electron-binary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const run = (args) => {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
};

if (installedElectronPath() || tryInstallElectron()) {
  run([join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'preview']);
} else {
  console.log(
    "Electron's binary is not installed on this machine, so DQC Console starts in browser mode instead.",
  );
  run([join(root, 'scripts/start-browser.mjs')]);
}
