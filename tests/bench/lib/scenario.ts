import { writeFileSync } from 'node:fs';
import type { Figure } from './figures';

/** What a scenario process hands the runner (tests/bench/run.ts) through BENCH_RESULT_FILE. */
export interface ScenarioResult {
  scenario: string;
  figures: Figure[];
  /** Said on the report: what was not measured here and why (no Electron binary, say). */
  notes: string[];
}

/**
 * The body of a scenario file: runs it, prints its figures, hands them to the runner. A scenario
 * that throws is reported by the runner with its error; it never fails a test run.
 */
export function runScenario(scenario: string, body: (notes: string[]) => Promise<Figure[]>): void {
  const notes: string[] = [];
  body(notes)
    .then((figures) => {
      const result: ScenarioResult = { scenario, figures, notes };
      const file = process.env.BENCH_RESULT_FILE;
      if (file) writeFileSync(file, JSON.stringify(result, null, 2));
      else console.log(JSON.stringify(result, null, 2));
    })
    .catch((error: unknown) => {
      console.error(`${scenario} could not run:`, error);
      process.exitCode = 1; // the runner reports it; `npm run bench` itself still exits 0
    });
}
