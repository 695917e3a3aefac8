/**
 * Migration 10 (issue 24): PLACEHOLDER, filled in by the model-runs / item-history work.
 */
export const modelRunsHistory: readonly string[] = [];
