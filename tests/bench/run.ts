/**
 * `npm run bench [-- scenario…]`: every scenario of tests/bench/scenarios, each in its own process;
 * prints the table of figures, floors and verdicts, and writes bench/results/latest.json and
 * latest.md (a run of some scenarios only writes partial.json / partial.md). It measures; it never
 * fails a run: the exit code is 0 whatever the verdicts or a scenario's failure.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PROJECT_ROOT } from './lib/browserConsole';
import { buildReport, machineOf, markdownReport, textTable } from './lib/report';
import {
  BROWSER_SCENARIOS,
  parseScenarioNames,
  runScenarios,
  SCENARIOS,
  spawnScenario,
} from './lib/runner';

/** The settings that change what a run measures; the report names them. */
const SETTINGS = [
  'BENCH_TWEETS',
  'BENCH_NEWS',
  'BENCH_PGLITE_TWEETS',
  'BENCH_REUSE',
  'BENCH_ROUNDS',
  'BENCH_ACTIONS',
  'BENCH_CURRENCIES',
  'BENCH_TEAM_TWEETS',
  'BENCH_TEAM_REVIEWERS',
  'BENCH_TEAM_MINUTES',
  'BENCH_STORY_COPIES',
  'BENCH_OUTBOX_WRITES',
  'DATABASE_URL',
];

async function main() {
  const names = parseScenarioNames(process.argv.slice(2));
  const started = performance.now();
  const startedAt = new Date().toISOString();
  if (names.some((n) => BROWSER_SCENARIOS.includes(n))) {
    // The browser scenarios open the built renderer: build it when it is missing or stale.
    spawnSync(process.execPath, [resolve(PROJECT_ROOT, 'scripts/ensure-renderer.mjs')], {
      stdio: 'inherit',
    });
  }
  const { results, failed } = await runScenarios(names, (name) => {
    console.log(`\n=== ${name} ===`);
    return spawnScenario(PROJECT_ROOT, name);
  });
  const report = buildReport(results, failed, {
    startedAt,
    durationSeconds: (performance.now() - started) / 1000,
    machine: machineOf(),
    settings: Object.fromEntries(
      SETTINGS.filter((k) => process.env[k]).map((k) => [
        k,
        k === 'DATABASE_URL' ? 'set' : process.env[k]!,
      ]),
    ),
  });
  const whole = names.length === SCENARIOS.length;
  const command = `npm run bench${whole ? '' : ` -- ${names.join(' ')}`}`;
  const dir = resolve(PROJECT_ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const base = whole ? 'latest' : 'partial';
  writeFileSync(resolve(dir, `${base}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(resolve(dir, `${base}.md`), markdownReport(report, command));
  console.log(`\n${textTable(report)}`);
  for (const f of failed) console.log(`did not run: ${f.scenario}: ${f.reason}`);
  console.log(`\nwritten: bench/results/${base}.json and ${base}.md`);
}

main()
  .catch((error: unknown) => {
    console.error('npm run bench could not run:', error);
  })
  .finally(() => {
    process.exitCode = 0; // a benchmark reports; it never fails a run
  });
