/**
 * Core paths (`npm run bench -- core`): what the desktop app's core adds to the server's answer
 * on the calls every session makes (sign-in, keyword list, refresh), its refusal of a bad bridge
 * payload, a burst of concurrent calls, and the JavaScript the login screen loads (from the last
 * build's size report; budget 400 KiB gzip).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Envelope } from '../../../src/shared/bridge';
import { SIZE_REPORT_FILE, type SizeReport } from '../../../tools/sizeReport';
import { FORM, signInForm, startTestServer } from '../../support/testServer';
import { createBenchCore, PROJECT_ROOT } from '../lib/browserConsole';
import { spread, type Figure } from '../lib/figures';
import { createHttpClient } from '../lib/httpClient';
import { sideBySide, timed } from '../lib/measure';
import { runScenario } from '../lib/scenario';

const SCENARIO = 'core';

/** A measured call must succeed, or its figure would time an error. */
async function ok(pending: Promise<Envelope<unknown>>): Promise<unknown> {
  const envelope = await pending;
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  return envelope.data;
}

function loginBundle(notes: string[]): Figure[] {
  const path = resolve(PROJECT_ROOT, 'out/renderer', SIZE_REPORT_FILE);
  if (!existsSync(path)) {
    notes.push(`No ${SIZE_REPORT_FILE}: run npm run build first for the login bundle figure.`);
    return [];
  }
  const { loginRoute } = JSON.parse(readFileSync(path, 'utf8')) as SizeReport;
  return [
    {
      scenario: SCENARIO,
      name: `login + shell JavaScript (gzip, ${loginRoute.files.length} files)`,
      unit: 'KiB',
      value: spread([loginRoute.gzip / 1024]),
      floor: null,
      judge: 'p50',
      target: 400,
      note: `${(loginRoute.raw / 1024).toFixed(0)} KiB before compression`,
    },
  ];
}

runScenario(SCENARIO, async (notes) => {
  const figures: Figure[] = loginBundle(notes);
  const server = await startTestServer('pglite');
  const core = createBenchCore(server.url);
  const signInOverHttp = () =>
    fetch(`${server.url}/sign-in`, {
      method: 'POST',
      headers: FORM,
      body: signInForm('reviewer1', 'demo'),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
  const http = createHttpClient(server.url, (await signInOverHttp()).access_token);
  const figure = (
    name: string,
    samples: { figure: number[]; floor: number[] },
    floorName: string,
    note?: string,
  ): Figure => ({
    scenario: SCENARIO,
    name,
    unit: 'ms',
    value: spread(samples.figure),
    floor: { name: floorName, value: spread(samples.floor) },
    judge: 'p50 ratio',
    target: null,
    ...(note ? { note } : {}),
  });
  try {
    figures.push(
      figure(
        'sign-in through core',
        await sideBySide(
          30,
          () => ok(core.dispatch('session.signIn', { username: 'reviewer1', password: 'demo' })),
          signInOverHttp,
        ),
        'the same sign-in over HTTP',
        'the test server hashes with a low scrypt cost; the desktop demo server uses OWASP cost (~0.6 s here)',
      ),
      figure(
        'keyword list through core',
        await sideBySide(
          300,
          () => ok(core.dispatch('review.getKeywords', { filterType: 'tweets' })),
          () => http.get('/twitter-service/get-keywords'),
        ),
        'the same GET over HTTP',
      ),
    );
    const refresh: number[] = [];
    for (let i = 0; i < 100; i++)
      refresh.push(await timed(() => core.session.refreshAccessToken()));
    const refusal: number[] = [];
    for (let i = 0; i < 1000; i++)
      refusal.push(await timed(() => core.dispatch('session.signIn', { username: 1 })));
    const reported = (name: string, samples: number[], note?: string): Figure => ({
      scenario: SCENARIO,
      name,
      unit: 'ms',
      value: spread(samples),
      floor: null,
      judge: 'p95',
      target: null,
      ...(note ? { note } : {}),
    });
    const burstStart = performance.now();
    await Promise.all(
      Array.from({ length: 200 }, () =>
        ok(core.dispatch('review.getKeywords', { filterType: 'tweets' })),
      ),
    );
    figures.push(
      reported('session refresh (rotating token)', refresh.slice(10)),
      reported('refusing an invalid bridge payload', refusal.slice(100)),
      reported('200 concurrent keyword-list calls, all answered', [performance.now() - burstStart]),
    );
    notes.push(
      "Memory is measured per process where the desktop app runs it: core's in long-shift (core alone in its own process, after 2,000 actions), the embedded demo server's in start-up (its bundle in its own process).",
    );
    return figures;
  } finally {
    http.close();
    await server.close();
  }
});
