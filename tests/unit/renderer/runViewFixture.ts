import type { RunView } from '../../../src/shared/runs';

/** A run as core describes it, ready to start over three items; each test changes what it needs. */
export function runView(over: Partial<RunView> = {}): RunView {
  return {
    id: 'run-00000001',
    kind: 'bulk',
    action: 'eliminate',
    filterType: 'tweets',
    label: 'Eliminating',
    status: 'ready',
    matched: 3,
    read: 3,
    total: 3,
    leftOut: 0,
    done: 0,
    skipped: 0,
    heldByOthers: 0,
    failed: 0,
    inFlight: 0,
    concurrency: 4,
    etaSeconds: null,
    createdAt: '2024-01-01T08:00:00Z',
    startedAt: null,
    finishedAt: null,
    problems: [],
    undoneBy: null,
    undoOf: null,
    canUndo: false,
    error: null,
    ...over,
  };
}
