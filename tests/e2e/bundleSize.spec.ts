import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SIZE_REPORT_FILE, type SizeReport } from '../../tools/sizeReport';
import { expect, test } from './fixtures';

/** DESIGN.md: the login screen plus the shell load at most 400 KB of JavaScript (gzip). */
const BUDGET_BYTES = 400 * 1024;

test('the login screen and the shell load at most 400 KB of JavaScript (gzip)', async ({
  page,
  app,
}) => {
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.endsWith('.js')) return;
    pending.push(
      response.body().then((body) => {
        scripts.set(pathname.replace(/^\//, ''), gzipSync(body).length);
      }),
    );
  });
  await page.goto(app.url);
  await expect(page.getByLabel('Username')).toBeVisible();
  await Promise.all(pending);

  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  console.log(
    `login + shell: ${(total / 1024).toFixed(1)} KiB of JavaScript (gzip) in ${scripts.size} files`,
  );
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);

  // The build's report counts the same files, so the benchmark's figure is this one.
  const report = JSON.parse(
    readFileSync(resolve(__dirname, '../../out/renderer', SIZE_REPORT_FILE), 'utf8'),
  ) as SizeReport;
  expect([...scripts.keys()].sort()).toEqual(report.loginRoute.files);
  expect(report.loginRoute.gzip).toBe(total);
});
