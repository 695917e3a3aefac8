/**
 * The review tables' keywords as rows of their own, one per (keyword, item), in detect-time order:
 * the index a keyword filter's deep pages walk (src/server/review/filterQuery.ts). The table and the
 * triggers that keep it are created by migration 8 (migrations/008_review_keyword_items.ts).
 */
export const keywordItemsTable = (table: 'tweets' | 'news') => `${table}_keyword_items`;
