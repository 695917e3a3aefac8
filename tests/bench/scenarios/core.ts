/**
 * `npm run bench`: measures, never fails. Prints p50/p95 latencies of the auth paths and the currency
 * lists through the real HTTP server and the real core (as the desktop app uses them), the
 * server's memory, and the JavaScript the login screen loads (from the last build).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../../../src/main/core/createCore';
import type { Envelope } from '../../../src/shared/bridge';
import { silentLogger } from '../../../src/main/core/log';
import { createMemorySecretStore } from '../../../src/main/core/secrets/memorySecretStore';
import { DEFAULT_SETTINGS } from '../../../src/main/core/settings';
import { SIZE_REPORT_FILE, type SizeReport } from '../../../tools/sizeReport';
import { startTestServer } from '../../support/testServer';

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1)! };
}

async function measure(label: string, runs: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(10, runs); i++) await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  const { n, p50, p95, max } = percentiles(samples);
  console.log(
    `${label.padEnd(44)} n=${String(n).padStart(4)}  p50=${p50.toFixed(2)} ms  p95=${p95.toFixed(2)} ms  max=${max.toFixed(2)} ms`,
  );
}

/** The login screen plus the shell: the JavaScript (gzip) of the build's size report. */
function printLoginBundle() {
  const path = resolve(__dirname, '../../../out/renderer', SIZE_REPORT_FILE);
  if (!existsSync(path)) {
    console.log(`login + shell JS: no ${SIZE_REPORT_FILE} (run npm run build first)`);
    return;
  }
  const { loginRoute } = JSON.parse(readFileSync(path, 'utf8')) as SizeReport;
  console.log(
    `login + shell JS: ${(loginRoute.gzip / 1024).toFixed(1)} KiB gzip (${(loginRoute.raw / 1024).toFixed(0)} KiB raw) in ${loginRoute.files.length} files; budget 400 KiB`,
  );
}

async function main() {
  printLoginBundle();
  const engine = process.env.DQC_TEST_DATABASE_URL ? 'postgres' : 'pglite';
  const started = performance.now();
  const server = await startTestServer(engine);
  console.log(
    `reference server on ${engine}: started in ${(performance.now() - started).toFixed(0)} ms`,
  );
  const core = createCore({
    settings: DEFAULT_SETTINGS,
    apiUrl: server.url,
    demo: false,
    shell: 'browser',
    version: 'bench',
    secrets: createMemorySecretStore(),
    log: silentLogger,
    apiUrlSource: 'environment',
    settingsFiles: { user: null, machine: null },
  });
  try {
    await measure('bridge session.signIn (scrypt on the server)', 30, () =>
      core.dispatch('session.signIn', { username: 'reviewer1', password: 'demo' }),
    );
    await measure('bridge review.getKeywords (data call path)', 300, () =>
      ok(core.dispatch('review.getKeywords', { filterType: 'tweets' })),
    );
    await measure('session refresh (rotating token)', 100, () => core.session.refreshAccessToken());
    await measure('bridge dispatch of an invalid payload', 1000, () =>
      core.dispatch('session.signIn', { username: 1 }),
    );
    const concurrent = performance.now();
    await Promise.all(
      Array.from({ length: 200 }, () =>
        ok(core.dispatch('review.getKeywords', { filterType: 'tweets' })),
      ),
    );
    console.log(
      `200 concurrent keyword-list calls: ${(performance.now() - concurrent).toFixed(0)} ms in all`,
    );

    // Currency screens: what opening each list costs through core (answers parsed by zod).
    const queue = { currencySymbolNameOrUniqueName: '', currencyId: 0 };
    await measure('bridge currencies.getCurrencies (whole catalogue)', 20, () =>
      ok(core.dispatch('currencies.getCurrencies', {})),
    );
    await measure('bridge currencies.getCurrenciesIncludes ("coin")', 50, () =>
      ok(core.dispatch('currencies.getCurrenciesIncludes', { text: 'coin' })),
    );
    await measure('bridge currencies.getNewCurrencies + count (page 3)', 100, () =>
      Promise.all([
        ok(core.dispatch('currencies.getNewCurrencies', { ...queue, startIndex: 3 })),
        ok(core.dispatch('currencies.countNewCurrencies', queue)),
      ]),
    );
    await measure('bridge currencies.getNewVersionCurrencies', 100, () =>
      ok(core.dispatch('currencies.getNewVersionCurrencies', queue)),
    );
    await measure('bridge currencies.checkCurrencyImage', 200, () =>
      ok(core.dispatch('currencies.checkCurrencyImage', { uniqueName: 'bitcoin' })),
    );
    const rss = process.memoryUsage().rss / 2 ** 20;
    console.log(`process RSS with the server in it: ${rss.toFixed(0)} MiB`);
  } finally {
    await server.close();
  }
}

/** A measured call must succeed, or its figure would time an error. */
async function ok(pending: Promise<Envelope<unknown>>): Promise<unknown> {
  const envelope = await pending;
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  return envelope.data;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 0; // a benchmark reports; it never fails a run
});
