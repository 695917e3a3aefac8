import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, signIn, test } from './fixtures';

test('npm run start:browser prints the loopback URL to open, and that URL works', async ({
  page,
  server,
}) => {
  const root = resolve(__dirname, '../..');
  const child = spawn(process.execPath, [resolve(root, 'scripts/start-browser.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      DQC_API_URL: server.url,
      DQC_KEYCHAIN_SERVICE: `DQC Console cli e2e ${Date.now()}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  try {
    const url = await new Promise<string>((resolvePromise, reject) => {
      let output = '';
      const timer = setTimeout(
        () => reject(new Error(`no URL line within 60 s:\n${output}`)),
        60_000,
      );
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split('\n').find((l) => l.startsWith('http://127.0.0.1:'));
        if (line) {
          clearTimeout(timer);
          resolvePromise(line.trim());
        }
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?secret=[\w-]+$/);
    await page.goto(url);
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Review' })).toBeVisible();
    // The secret leaves the address bar once the page has it.
    expect(page.url()).not.toContain('secret=');
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
  }
});
