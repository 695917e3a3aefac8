import type { ClaimView, ReviewerNowView } from '../../../shared/responses/claims';

/**
 * The words of the work queue (the claims extension), as pure functions so that each form is
 * tested without drawing anything. Times left are the server's (the database clock), in whole
 * minutes rounded up, as the server itself says them.
 */

const minutesOf = (seconds: number): number => Math.max(1, Math.ceil(seconds / 60));

/** A card held by someone else: "reviewer2, 4 min". */
export const holderText = (claim: Pick<ClaimView, 'holder' | 'remainingSeconds'>): string =>
  `${claim.holder}, ${minutesOf(claim.remainingSeconds)} min`;

/** The question before acting on an item someone else holds. */
export const heldConfirmText = (claim: Pick<ClaimView, 'holder' | 'remainingSeconds'>): string =>
  `${claim.holder} holds this item in their queue (${minutesOf(claim.remainingSeconds)} min left). Decide it anyway?`;

const SERVICE_WORDS: Record<ReviewerNowView['service'], string> = {
  tweets: 'tweets',
  news: 'news',
};

/**
 * The top bar's "who else is reviewing now": "Also reviewing: reviewer2 (tweets), reviewer3
 * (news, tweets)"; null when nobody else is. The signed-in user is left out.
 */
export function reviewingNowText(
  reviewers: readonly ReviewerNowView[],
  me: string | null,
): string | null {
  const services = new Map<string, Set<string>>();
  for (const reviewer of reviewers) {
    if (reviewer.user === me) continue;
    const held = services.get(reviewer.user) ?? new Set<string>();
    held.add(SERVICE_WORDS[reviewer.service]);
    services.set(reviewer.user, held);
  }
  if (services.size === 0) return null;
  const named = [...services]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([user, held]) => `${user} (${[...held].sort().join(', ')})`);
  return `Also reviewing: ${named.join(', ')}`;
}
