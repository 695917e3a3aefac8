import { atom } from 'jotai';

/**
 * The Review screen's query as it last was (reviewQuery.ts; '' is the default filter's first
 * page), set by the Review page whenever its filter or page changes, for screens that link back
 * to "the review you were doing".
 */
export const lastReviewQueryAtom = atom<string>('');
