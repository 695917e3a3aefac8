import type { FilterType } from '../../../shared/bodies/review';

// PLACEHOLDER (issue 24): the keyword-impact preview is being built (ui/insight, keyword list).

export interface KeywordImpactProps {
  /** The keyword as typed; the preview asks the server (debounced) while it changes. */
  keyword: string;
  /** The service of the form it sits in: its figures and recent matches come first. */
  service: FilterType;
}

/**
 * What a keyword would touch before it is saved: items whose text holds it, per service, split
 * into kept, eliminated and reviewed, with the five most recent matches. Nothing at all when the
 * server does not offer keyword-impact or nothing is typed.
 */
export function KeywordImpact(_props: KeywordImpactProps) {
  return null;
}
