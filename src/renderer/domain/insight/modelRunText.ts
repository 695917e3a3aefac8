import type { ModelRunView } from '../../../shared/responses/insight';

/**
 * How a model run is told (DESIGN.md, Extensions): the Model button's result on Review and each row
 * of the Model runs screen say it the same way, e.g. "Trained on 4,210; accuracy 91.2% (was 89.8%);
 * 312 items changed: 140 kept → eliminated, 172 eliminated → kept".
 */

const count = (value: number) => value.toLocaleString('en-US');
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** "accuracy 91.2% (was 89.8%)", or what is known of it. */
export function accuracyText(run: Pick<ModelRunView, 'accuracy' | 'previousAccuracy'>): string {
  if (run.accuracy === null) return 'accuracy not measured (no decisions held out)';
  const was = run.previousAccuracy === null ? '' : ` (was ${percent(run.previousAccuracy)})`;
  return `accuracy ${percent(run.accuracy)}${was}`;
}

/** "312 items changed: 140 kept → eliminated, 172 eliminated → kept". */
export function changesText(
  run: Pick<ModelRunView, 'changed' | 'keptToEliminated' | 'eliminatedToKept'>,
): string {
  const items = `${count(run.changed)} item${run.changed === 1 ? '' : 's'} changed`;
  return `${items}: ${count(run.keptToEliminated)} kept → eliminated, ${count(run.eliminatedToKept)} eliminated → kept`;
}

/** The result of a finished run, in one line. */
export function modelRunResultText(run: ModelRunView): string {
  if (run.status === 'failed') return `The model run failed: ${run.error ?? 'no reason given'}.`;
  return `Trained on ${count(run.trainedOn)}; ${accuracyText(run)}; ${changesText(run)}`;
}

/** What a running run is doing: "Training…" or "Scoring 1,200 of 52,000…". */
export function modelRunProgressText(run: ModelRunView): string {
  if (run.phase === 'training') return 'Training…';
  return `Scoring ${count(run.scored)} of ${count(run.total)}…`;
}
