import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BenchReport } from './report';
import type { ScenarioResult } from './scenario';

/** Every scenario of `npm run bench`, in the order it runs them (tests/bench/scenarios/<name>.ts). */
export const SCENARIOS = [
  'core',
  'review',
  'insight',
  'model-run',
  'bridge',
  'screens',
  'long-shift',
  'catalogue',
  'start-up',
  'journal',
  'bulk-run',
  'team',
  'audit',
  'stories',
  'duplicates',
  'outbox',
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/** Scenarios that open the built renderer in Chromium. */
export const BROWSER_SCENARIOS: readonly ScenarioName[] = [
  'bridge',
  'screens',
  'long-shift',
  'catalogue',
  'start-up',
  'bulk-run',
];

export type ScenarioOutcome = { ok: true; result: ScenarioResult } | { ok: false; reason: string };

/**
 * Runs the scenarios one after the other, each whatever became of the one before: a scenario that
 * fails is reported with its reason, and the rest still run.
 */
export async function runScenarios(
  names: readonly ScenarioName[],
  runOne: (name: ScenarioName) => Promise<ScenarioOutcome>,
): Promise<{ results: ScenarioResult[]; failed: BenchReport['failed'] }> {
  const results: ScenarioResult[] = [];
  const failed: BenchReport['failed'] = [];
  for (const name of names) {
    let outcome: ScenarioOutcome;
    try {
      outcome = await runOne(name);
    } catch (error) {
      outcome = { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
    if (outcome.ok) results.push(outcome.result);
    else failed.push({ scenario: name, reason: outcome.reason });
  }
  return { results, failed };
}

export function parseScenarioNames(args: readonly string[]): ScenarioName[] {
  if (args.length === 0) return [...SCENARIOS];
  const unknown = args.filter((a) => !(SCENARIOS as readonly string[]).includes(a));
  if (unknown.length)
    throw new Error(`Unknown scenario ${unknown.join(', ')}; choose from ${SCENARIOS.join(', ')}.`);
  return SCENARIOS.filter((s) => args.includes(s));
}

/**
 * A scenario in its own Node process (with `--expose-gc`), so that one scenario's memory and
 * failures never touch another's figures. Its output goes to the terminal as it runs.
 */
export function spawnScenario(root: string, name: ScenarioName): Promise<ScenarioOutcome> {
  const dir = mkdtempSync(join(tmpdir(), 'dqc-bench-'));
  const resultFile = join(dir, 'result.json');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', resolve(root, 'tests/bench/scenarios', `${name}.ts`)],
    {
      cwd: root,
      env: { ...process.env, BENCH_RESULT_FILE: resultFile },
      stdio: ['ignore', 'inherit', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  return new Promise((done) => {
    child.on('error', (error) => done({ ok: false, reason: error.message }));
    child.on('exit', (code, signal) => {
      try {
        if (code === 0 && existsSync(resultFile)) {
          done({
            ok: true,
            result: JSON.parse(readFileSync(resultFile, 'utf8')) as ScenarioResult,
          });
          return;
        }
        // The error's own line (runScenario prints "<name> could not run: …"), not its stack.
        const lines = stderr.trim().split('\n');
        const lastLines = (
          lines.find((l) => l.includes('could not run')) ?? lines.slice(-3).join(' ')
        )
          .trim()
          .slice(0, 600);
        done({
          ok: false,
          reason: `exited with ${signal ?? `code ${code}`}${lastLines ? `: ${lastLines}` : ''}`,
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
