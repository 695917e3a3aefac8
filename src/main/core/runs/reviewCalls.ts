import type { AxiosInstance } from 'axios';
import { REVIEW_GROUPS } from '../../../shared/api';
import type { ReviewItem } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';
import { sendCall, type SessionValues } from '../api/sendCall';
import { writingAs } from '../api/signedInName';
import { filterCallsOf, type AnyReviewFilter } from '../insight/filterCalls';
import type { ServerExtensions } from '../insight/serverExtensions';
import { BULK_RUN_HEADER } from '../../../shared/insight';
import { ifMatchOf } from '../../../shared/conflict';
import type { ItemKey } from './reviewItemState';
import { EXTENSION_GROUPS } from '../../../shared/api';
import type { ClaimView } from '../../../shared/responses/claims';

/** A write a run or an undo sends: a manual change of SPEC.md 7, or the reviewed mark. */
export type ItemWrite = 'manually-select' | 'manually-eliminate' | 'reviewed';

/**
 * The SPEC.md 7 review calls that runs and undo use, and nothing else: filter, count, find by id,
 * the manual changes and reviewed. Sent by core's one caller, so a run's calls carry the session's
 * token and refresh like the page's own.
 */
export interface ReviewCalls {
  /**
   * SPEC.md 7's filter, or with the insight fields (DESIGN.md, Extensions; see filterCalls.ts).
   */
  count(filterType: FilterType, filter: AnyReviewFilter): Promise<number>;
  page(filterType: FilterType, filter: AnyReviewFilter, page: number): Promise<ReviewItem[]>;
  findById(filterType: FilterType, id: number): Promise<ReviewItem>;
  /**
   * Sends the write as `username` (the run's or the undo's user, whose journal records it: refused
   * as SESSION_ENDED once anyone else is signed in); resolves with the answer's status (any 2xx).
   * A bulk run's writes name the run (`runId`) to a server that keeps item history (DESIGN.md,
   * Extensions), and to no other. With `version` (the one the run's re-read found), a server that
   * offers conditional-writes writes only if the item still has it, else refuses with 412
   * (src/shared/conflict.ts); any other provider is sent the write as it is.
   */
  write(
    filterType: FilterType,
    write: ItemWrite,
    id: number,
    key: ItemKey,
    username: string,
    runId?: string,
    version?: number,
  ): Promise<number>;
  /**
   * The lease another reviewer holds on the item now (the claims extension), or null: free, held
   * by `username`, or a server that does not offer claims (then nothing is sent).
   */
  heldByOther(filterType: FilterType, id: number, username: string): Promise<ClaimView | null>;
  /** The bridge channel and the call as SPEC.md 7 writes it, for the journal. */
  describe(filterType: FilterType, write: ItemWrite, id: number): { channel: string; call: string };
}

export function reviewCallsOf(
  api: AxiosInstance,
  fromSession: SessionValues,
  extensions: ServerExtensions,
): ReviewCalls {
  return {
    count: async (filterType, filter) => {
      const calls = await filterCallsOf(extensions, filterType, filter);
      return (await sendCall(api, calls.count, calls.body, fromSession)) as number;
    },
    page: async (filterType, filter, page) => {
      const calls = await filterCallsOf(extensions, filterType, filter);
      return (await sendCall(
        api,
        calls.filter,
        { ...calls.body, startIndex: page },
        fromSession,
      )) as ReviewItem[];
    },
    findById: async (filterType, id) =>
      (await sendCall(api, REVIEW_GROUPS[filterType].findById, { id }, fromSession)) as ReviewItem,
    write: async (filterType, write, id, key, username, runId, version) => {
      const calls = REVIEW_GROUPS[filterType];
      const reviewer = writingAs(fromSession, username);
      let status = 0;
      const onStatus = (answered: number) => (status = answered);
      const headers = {
        ...(runId !== undefined && (await extensions.offers('item-history'))
          ? { [BULK_RUN_HEADER]: runId }
          : {}),
        ...(version !== undefined && (await extensions.offers('conditional-writes'))
          ? { 'If-Match': ifMatchOf(version) }
          : {}),
      };
      if (write === 'reviewed') {
        await sendCall(api, calls.reviewed, { id }, reviewer, onStatus, headers);
        return status;
      }
      // No keyword: a run decides, it adds nothing to the keyword lists.
      const noKeyword =
        filterType === 'tweets'
          ? { keyword: null, keywordType: null, unwantedUsage: null }
          : { keyword: null, newsKeywordType: null, unwantedUsage: null };
      await sendCall(
        api,
        calls.manualChange,
        { case: write, ...key, ...noKeyword },
        reviewer,
        onStatus,
        headers,
      );
      return status;
    },
    heldByOther: async (filterType, id, username) => {
      if (!(await extensions.offers('claims'))) return null;
      const holders =
        filterType === 'tweets' ? EXTENSION_GROUPS.claimsTweets : EXTENSION_GROUPS.claimsNews;
      const { claims } = (await sendCall(api, holders.holders, { ids: [id] }, fromSession)) as {
        claims: ClaimView[];
      };
      return claims.find((claim) => claim.id === id && claim.holder !== username) ?? null;
    },
    describe: (filterType, write, id) => {
      const base = filterType === 'tweets' ? '/twitter-service' : '/news-service';
      return write === 'reviewed'
        ? { channel: 'review.reviewed', call: `PUT ${base}/${id}/reviewed` }
        : { channel: 'review.manualChange', call: `PUT ${base}/${write}` };
    },
  };
}
