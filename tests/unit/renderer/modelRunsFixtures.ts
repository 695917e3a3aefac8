import type { ModelRunChange, ModelRunView } from '../../../src/shared/responses/insight';

/** A model run as our server answers it: a finished tweets run unless told otherwise. */
export const modelRun = (over: Partial<ModelRunView> = {}): ModelRunView => ({
  id: 7,
  service: 'tweets',
  startedBy: 'reviewer2',
  startedAt: '2024-05-01T10:00:00.000Z',
  finishedAt: '2024-05-01T10:03:00.000Z',
  status: 'finished',
  phase: 'done',
  scored: 52_000,
  total: 52_000,
  trainedOn: 4_210,
  heldOut: 468,
  accuracy: 0.912,
  previousAccuracy: 0.898,
  changed: 312,
  keptToEliminated: 140,
  eliminatedToKept: 172,
  error: null,
  ...over,
});

export const runChange = (over: Partial<ModelRunChange> = {}): ModelRunChange => ({
  itemId: 1001,
  message: 'Bitcoin breaks out above its range as ETF inflows pick up',
  detectTime: '2024-04-30T08:00:00.000Z',
  oldRatio: 0.612,
  newRatio: 0.288,
  oldSelected: true,
  newSelected: false,
  reviewed: false,
  ...over,
});
