import { accountCalls } from './accounts';
import { auditCalls } from './audit';
import { storyNewsCalls, storyTweetCalls } from './stories';
import { authCalls } from './auth';
import type { AnyCall } from './call';
import { claimCalls, claimNewsCalls, claimTweetCalls } from './claims';
import { notDuplicateCalls } from './notDuplicates';
import {
  configurationCalls,
  currencyCalls,
  marketCalls,
  mismatchCalls,
  tagCalls,
} from './configuration';
import { insightCalls, insightNewsCalls, insightTweetCalls } from './insight';
import { liveCalls } from './liveEvents';
import { newsCalls, tweetCalls } from './review';

/**
 * Every provider call of SPEC.md 7, by group. The bridge channels, core's caller and the
 * reference server's routes are all derived from these.
 */
export const PROVIDER_GROUPS = {
  currencies: currencyCalls,
  markets: marketCalls,
  tags: tagCalls,
  configurations: configurationCalls,
  mismatches: mismatchCalls,
  accounts: accountCalls,
} as const;

export const REVIEW_GROUPS = { tweets: tweetCalls, news: newsCalls } as const;

/** Every data group (bearer token, ADMIN role): the reference server serves each of them. */
export const DATA_GROUPS = { ...REVIEW_GROUPS, ...PROVIDER_GROUPS } as const;

/**
 * Our server's extensions beyond SPEC.md 7 (DESIGN.md, Extensions), under /dqc-extensions: served
 * with the same ADMIN check, sent by core only when the capabilities list names them.
 */
export const EXTENSION_GROUPS = {
  insight: insightCalls,
  insightTweets: insightTweetCalls,
  insightNews: insightNewsCalls,
  claims: claimCalls,
  claimsTweets: claimTweetCalls,
  claimsNews: claimNewsCalls,
  live: liveCalls,
  audit: auditCalls,
  storiesTweets: storyTweetCalls,
  storiesNews: storyNewsCalls,
  notDuplicates: notDuplicateCalls,
} as const;

/** Each review service's story calls (the stories extension). */
export const STORY_REVIEW_GROUPS = { tweets: storyTweetCalls, news: storyNewsCalls } as const;

/** Each review service's work-queue calls (the claims extension). */
export const CLAIM_REVIEW_GROUPS = { tweets: claimTweetCalls, news: claimNewsCalls } as const;

/** Each review service's extension calls, as REVIEW_GROUPS holds SPEC.md 7's. */
export const INSIGHT_REVIEW_GROUPS = { tweets: insightTweetCalls, news: insightNewsCalls } as const;

/** The token calls, served outside the ADMIN check. */
export const AUTH_GROUPS = { auth: authCalls } as const;

export interface DeclaredCall {
  /** group.name, e.g. 'currencies.updateCurrency' or 'tweets.filter'. */
  id: string;
  call: AnyCall;
}

function listGroup(group: string, calls: Record<string, AnyCall>): DeclaredCall[] {
  return Object.entries(calls).map(([name, declared]) => ({
    id: `${group}.${name}`,
    call: declared,
  }));
}

/** Every data call (bearer token, ADMIN role): review, keywords, model and reference data. */
export const DATA_CALLS: DeclaredCall[] = Object.entries(DATA_GROUPS).flatMap(([group, calls]) =>
  listGroup(group, calls),
);

/** The extension calls (DESIGN.md, Extensions). */
export const EXTENSION_CALLS: DeclaredCall[] = Object.entries(EXTENSION_GROUPS).flatMap(
  ([group, calls]) => listGroup(group, calls),
);

/** The token calls, outside the ADMIN check. */
export const AUTH_CALLS: DeclaredCall[] = Object.entries(AUTH_GROUPS).flatMap(([group, calls]) =>
  listGroup(group, calls),
);
