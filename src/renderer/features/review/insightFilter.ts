import type { ChangeDirection } from '../../../shared/bodies/reviewFilter';
import type { ReviewFilterValues } from '../../domain/reviewFilter/reviewFilter';

/**
 * The Review filter's insight fields (DESIGN.md, Extensions) against what the server offers: a link
 * or a saved view may ask for Borderline first, Ratio between or a model run's items on a server
 * that lacks them. Core then reads the rest of the filter with SPEC.md 7's calls; the page says the
 * filter it really shows, so the URL, the form and the list agree.
 */

export interface OfferedInsight {
  borderline: boolean;
  modelRuns: boolean;
}

/** The filter without what the server does not offer; the same object when nothing is dropped. */
export function withinOffered(
  filter: ReviewFilterValues,
  offered: OfferedInsight,
): ReviewFilterValues {
  let kept = filter;
  if (
    !offered.borderline &&
    (filter.sortBy === 'borderline' || filter.ratioFrom !== null || filter.ratioTo !== null)
  ) {
    kept = {
      ...kept,
      // Core sends SPEC.md 7's sort for it: newest first (filterCalls.ts).
      sortBy: filter.sortBy === 'borderline' ? 'desc' : filter.sortBy,
      ratioFrom: null,
      ratioTo: null,
    };
  }
  if (!offered.modelRuns && filter.modelRunId !== null) kept = withoutModelRun(kept);
  return kept;
}

/** The filter showing every item again, not only those a model run changed (the tag's close). */
export const withoutModelRun = (filter: ReviewFilterValues): ReviewFilterValues => ({
  ...filter,
  modelRunId: null,
  modelRunDirection: null,
  modelRunReviewed: 'null',
});

const DIRECTION_TEXT: Record<ChangeDirection, string> = {
  keptToEliminated: 'kept → eliminated',
  eliminatedToKept: 'eliminated → kept',
  ratioOnly: 'ratio only, decision unchanged',
};

/**
 * "Changed by model run #12: kept → eliminated, not reviewed", with what the filter narrows the
 * run's items to; null without a run.
 */
export function modelRunTagText(filter: ReviewFilterValues): string | null {
  if (filter.modelRunId === null) return null;
  const narrowed = [
    ...(filter.modelRunDirection ? [DIRECTION_TEXT[filter.modelRunDirection]] : []),
    ...(filter.modelRunReviewed === 'true'
      ? ['reviewed']
      : filter.modelRunReviewed === 'false'
        ? ['not reviewed']
        : []),
  ];
  const run = `Changed by model run #${filter.modelRunId}`;
  return narrowed.length ? `${run}: ${narrowed.join(', ')}` : run;
}
