import { auth } from './001_auth';
import { review } from './002_review';
import { reviewCounts } from './003_review_counts';
import { currencies } from './004_currencies';
import { marketsAndTags } from './005_markets_and_tags';
import { configurationsMismatchesAccounts } from './006_configurations_mismatches_accounts';
import { refreshTokenChain } from './007_refresh_token_chain';
import { reviewKeywordItems } from './008_review_keyword_items';
import { insightReview } from './009_insight_review';
import { modelRunsHistory } from './010_model_runs_history';
import { refreshSuccessorSeal } from './011_refresh_successor_seal';
import { itemVersions } from './012_item_versions';
import { itemChangeEvents } from './013_item_change_events';
import { reviewClaims } from './014_review_claims';
import { orderedWordCounts } from './015_ordered_word_counts';
import { orderedCountUpserts } from './016_ordered_count_upserts';
import { auditSamples } from './017_audit_samples';
import { undecidedItems } from './018_undecided_items';
import { stories } from './019_stories';
import { storyFollowers } from './020_story_followers';
import { notDuplicates } from './021_not_duplicates';
import { catalogueOrder } from './022_catalogue_order';

/**
 * One step of the schema: statements run in order, in one transaction, each on its own (the
 * extended protocol takes one statement at a time, so a plpgsql body may hold ';').
 */
export interface Migration {
  id: number;
  name: string;
  statements: readonly string[];
}

/**
 * Ordered, append-only; run by ../migrate.ts. Each migration is literal SQL in a file of its own,
 * written once: no migration calls a helper, because a later change to the helper would silently
 * change what an old migration does on a new database. A migration that has run is never edited,
 * not even reformatted: start refuses when an applied migration's text no longer has the checksum
 * recorded when it ran (../migrationChecksums.ts). A change to the schema is a new migration at the
 * end of this list.
 */
export const MIGRATIONS: readonly Migration[] = [
  { id: 1, name: 'auth', statements: auth },
  { id: 2, name: 'review', statements: review },
  { id: 3, name: 'review-counts', statements: reviewCounts },
  { id: 4, name: 'currencies', statements: currencies },
  { id: 5, name: 'markets-and-tags', statements: marketsAndTags },
  {
    id: 6,
    name: 'configurations-mismatches-accounts',
    statements: configurationsMismatchesAccounts,
  },
  { id: 7, name: 'refresh-token-chain', statements: refreshTokenChain },
  { id: 8, name: 'review-keyword-items', statements: reviewKeywordItems },
  { id: 9, name: 'insight-review', statements: insightReview },
  { id: 10, name: 'model-runs-history', statements: modelRunsHistory },
  { id: 11, name: 'refresh-successor-seal', statements: refreshSuccessorSeal },
  { id: 12, name: 'item-versions', statements: itemVersions },
  { id: 13, name: 'item-change-events', statements: itemChangeEvents },
  { id: 14, name: 'review-claims', statements: reviewClaims },
  { id: 15, name: 'ordered-word-counts', statements: orderedWordCounts },
  { id: 16, name: 'ordered-count-upserts', statements: orderedCountUpserts },
  { id: 17, name: 'audit-samples', statements: auditSamples },
  { id: 18, name: 'undecided-items', statements: undecidedItems },
  { id: 19, name: 'stories', statements: stories },
  { id: 20, name: 'story-followers', statements: storyFollowers },
  { id: 21, name: 'not-duplicates', statements: notDuplicates },
  { id: 22, name: 'catalogue-order', statements: catalogueOrder },
];
