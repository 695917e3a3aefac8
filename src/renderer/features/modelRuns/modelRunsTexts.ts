import type { ChangeDirection } from '../../../shared/bodies/insight';
import type { TriState } from '../../../shared/bodies/review';
import type { ModelRunChange, ModelRunView } from '../../../shared/responses/insight';

/** What the Model runs screen says, in one place, so that its tests read the same words. */

/** Said on /model-runs when the server does not offer the model-runs extension. */
export const NOT_OFFERED_TEXT = 'This server does not offer model runs.';

export const NOT_OFFERED_DETAIL =
  'Model runs are an extension of the DQC reference server. The server this console is connected to does not list it, so there is nothing to show here.';

export const NO_RUNS_TEXT = 'No model has been created yet. Press Model on Review to create one.';

export const SERVICE_LABELS: Record<ModelRunView['service'], string> = {
  tweets: 'Tweets',
  news: 'News',
};

/** The direction filter's choices; null is any direction. */
export const DIRECTION_OPTIONS: readonly { value: ChangeDirection | null; label: string }[] = [
  { value: null, label: 'Any change' },
  { value: 'keptToEliminated', label: 'Kept → eliminated' },
  { value: 'eliminatedToKept', label: 'Eliminated → kept' },
  { value: 'ratioOnly', label: 'Ratio only (same decision)' },
];

export const REVIEWED_OPTIONS: readonly { value: TriState; label: string }[] = [
  { value: 'null', label: 'Any' },
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

const decisionWord = (selected: boolean) => (selected ? 'Kept' : 'Eliminated');

/** "Kept → Eliminated", or "Kept (unchanged)" when only the ratio moved. */
export function decisionChangeText(change: Pick<ModelRunChange, 'oldSelected' | 'newSelected'>) {
  if (change.oldSelected === change.newSelected)
    return `${decisionWord(change.newSelected)} (unchanged)`;
  return `${decisionWord(change.oldSelected)} → ${decisionWord(change.newSelected)}`;
}

const ratio = (value: number) => value.toFixed(3);

/** "0.412 → 0.687". */
export const ratioChangeText = (change: Pick<ModelRunChange, 'oldRatio' | 'newRatio'>) =>
  `${ratio(change.oldRatio)} → ${ratio(change.newRatio)}`;

/** A run's status in words: "Running", "Finished", "Failed". */
export const STATUS_WORDS: Record<ModelRunView['status'], string> = {
  running: 'Running',
  finished: 'Finished',
  failed: 'Failed',
};
