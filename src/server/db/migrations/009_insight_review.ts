/**
 * Migration 9 (issue 24): PLACEHOLDER, filled in by the borderline / keyword-impact work.
 */
export const insightReview: readonly string[] = [];
