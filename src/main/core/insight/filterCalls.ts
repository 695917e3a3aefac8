import { INSIGHT_REVIEW_GROUPS, REVIEW_GROUPS, STORY_REVIEW_GROUPS } from '../../../shared/api';
import type { AnyCall } from '../../../shared/api/call';
import { usesInsight, type InsightFilterBody } from '../../../shared/bodies/insight';
import { STORIES_REVIEW_VERSION } from '../../../shared/insight';
import type { FilterType, ReviewFilterBody } from '../../../shared/bodies/review';
import type { ServerExtensions } from './serverExtensions';

/** A filter as the page, a run or an export sends it: SPEC.md 7's, or with the insight fields. */
export type AnyReviewFilter = ReviewFilterBody | InsightFilterBody;

export interface FilterCalls {
  filter: AnyCall;
  count: AnyCall;
  /** The body to send: the filter as asked, or SPEC.md 7's part of it. */
  body: Record<string, unknown>;
  /** What the calls list: every item, or one per story (the stories extension, issue 48). */
  view: 'items' | 'stories';
}

/** SPEC.md 7's part of a filter: the insight fields dropped, the sort back to newest first. */
function specFilterOf(filter: AnyReviewFilter): ReviewFilterBody {
  const {
    ratioFrom: _from,
    ratioTo: _to,
    modelRunId: _run,
    modelRunDirection: _direction,
    modelRunReviewed: _reviewed,
    ...rest
  } = filter as InsightFilterBody;
  return { ...rest, sortBy: rest.sortBy === 'asc' ? 'asc' : 'desc' };
}

/**
 * The calls a filter is read with (DESIGN.md, Extensions): SPEC.md 7's filter and count, or, when
 * it asks for Borderline first, Ratio between or a model run's items and the server offers that
 * extension, the extension's. A link or a saved view may ask for them against a server that lacks
 * them: the rest of the filter is then read with SPEC.md 7's calls, never a call that will fail.
 */
export async function filterCallsOf(
  extensions: ServerExtensions,
  filterType: FilterType,
  filter: AnyReviewFilter,
  /**
   * Review with Stories on: one item per story, where the server offers stories and the filter is
   * SPEC.md 7's alone (the Borderline sort, Ratio between and a run's items list items, not
   * stories; the screen does not offer Stories with them).
   */
  stories = false,
): Promise<FilterCalls> {
  if (
    stories &&
    !usesInsight(filter) &&
    (await extensions.offers('stories', STORIES_REVIEW_VERSION))
  ) {
    const calls = STORY_REVIEW_GROUPS[filterType];
    return {
      filter: calls.filter,
      count: calls.count,
      body: { ...specFilterOf(filter) },
      view: 'stories',
    };
  }
  if (usesInsight(filter)) {
    const insight = filter as InsightFilterBody;
    const needs = [
      ...(insight.modelRunId ? (['model-runs'] as const) : []),
      ...(insight.sortBy === 'borderline' ||
      (insight.ratioFrom ?? null) !== null ||
      (insight.ratioTo ?? null) !== null
        ? (['borderline'] as const)
        : []),
    ];
    const offered = await Promise.all(needs.map((name) => extensions.offers(name)));
    if (offered.every(Boolean)) {
      const calls = INSIGHT_REVIEW_GROUPS[filterType];
      return { filter: calls.filter, count: calls.count, body: { ...filter }, view: 'items' };
    }
  }
  const calls = REVIEW_GROUPS[filterType];
  return {
    filter: calls.filter,
    count: calls.count,
    body: { ...specFilterOf(filter) },
    view: 'items',
  };
}
