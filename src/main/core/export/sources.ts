import type { AxiosInstance } from 'axios';
import {
  bridgePayloadSchemas,
  callOfChannel,
  CHANNELS,
  isBridgeChannel,
  type BridgeChannel,
} from '../../../shared/bridge';
import type { ReviewItem } from '../../../shared/api/records';
import type { z } from 'zod';
import type { exportStartPayloadSchema } from '../../../shared/export';
import { sendCall, type SessionValues } from '../api/sendCall';
import { BridgeFailure } from '../bridgeFailure';
import type { ReviewCalls } from '../runs/reviewCalls';
import { filterTypeOf, isWriteChannel } from '../writes/writeChannels';
import { asRow, type Row } from './cells';

/** A source as core receives it, once its schema has read it. */
export type CheckedSource = z.output<typeof exportStartPayloadSchema>['source'];

/** What an export reads: how many rows (when known), then its pages in order. */
export interface Feed {
  /** Resolves with the number of rows to write; the count call for Review. */
  total(): Promise<number>;
  /** The rows of page `page` (0, 1, …); an empty page ends the export. */
  page(page: number): Promise<Row[]>;
}

export interface FeedDeps {
  api: AxiosInstance;
  fromSession: SessionValues;
  calls: ReviewCalls;
}

/** Rows sent by a client-paged list are written in pages of this many, for progress. */
const ROWS_PAGE = 500;

const refused = (message: string) => new BridgeFailure(400, 'EXPORT_REFUSED', message);

/**
 * The feed of a source, checked before anything is chosen or written: a 'pages' source must name a
 * provider channel that reads (a write, a local channel or an unknown one is refused with 400)
 * and a payload that channel accepts.
 */
export function feedOf(source: CheckedSource, deps: FeedDeps): Feed {
  switch (source.kind) {
    case 'review':
      return {
        total: () => deps.calls.count(source.filterType, { ...source.filter, startIndex: 0 }),
        page: async (page) =>
          (await deps.calls.page(source.filterType, source.filter, page)).map(
            (item: ReviewItem) => item as unknown as Row,
          ),
      };
    case 'rows':
      return {
        total: async () => source.rows.length,
        page: async (page) => source.rows.slice(page * ROWS_PAGE, (page + 1) * ROWS_PAGE),
      };
    case 'pages':
      return pagesFeed(source, deps);
  }
}

function pagesFeed(source: Extract<CheckedSource, { kind: 'pages' }>, deps: FeedDeps): Feed {
  const { channel, pageField } = source;
  if (!isBridgeChannel(channel)) throw refused(`There is no channel ${channel} to export.`);
  const kind = CHANNELS[channel].kind;
  if (kind === 'local')
    throw refused(`${channel} is not a provider's list: it cannot be exported.`);
  if (isWriteChannel(channel))
    throw refused(`${channel} writes to the provider: only a list that reads can be exported.`);
  const schema = bridgePayloadSchemas[channel as BridgeChannel];
  const checked = schema.safeParse({ ...source.payload, [pageField]: 0 });
  if (!checked.success) {
    const detail = checked.error.issues
      .map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`)
      .join('; ');
    throw refused(`The list's filter is not valid for ${channel}: ${detail}`);
  }
  const payload = checked.data as Record<string, unknown>;
  const declared = callOfChannel(channel, filterTypeOf(payload));
  if (!declared) throw refused(`${channel} is not a provider's list: it cannot be exported.`);
  return {
    total: async () => source.total,
    page: async (page) => {
      const { filterType: _ignored, ...rest } = payload;
      void _ignored;
      const fields = kind === 'byFilterType' ? rest : payload;
      const answer = await sendCall(
        deps.api,
        declared,
        { ...fields, [pageField]: page },
        deps.fromSession,
      );
      if (!Array.isArray(answer))
        throw new BridgeFailure(
          502,
          'NOT_A_LIST',
          `The provider's answer to ${channel} is not a list.`,
        );
      return answer.map(asRow);
    },
  };
}
