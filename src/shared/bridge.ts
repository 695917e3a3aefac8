import { z } from 'zod';
import {
  signInPayloadSchema,
  type SessionView,
  type SignInPayload,
  type SignOutReason,
  type UserInfo,
} from './auth';
import {
  keywordAddPayloadSchema,
  keywordDeletePayloadSchema,
  keywordListPayloadSchema,
  keywordUpdatePayloadSchema,
  keywordUsagePayloadSchema,
  filterTypePayloadSchema,
  reviewChangePayloadSchema,
  reviewFindPayloadSchema,
  reviewListPayloadSchema,
  type FilterType,
  type Keyword,
  type ModelStarted,
  type ReviewChangePayload,
  type ReviewItem,
  type ReviewListPayload,
  type ReviewListResult,
} from './review';
import {
  currencyListPayloadSchema,
  currencyTagBodySchema,
  currencyUnwantedUsageBodySchema,
  imageCheckQuerySchema,
  newCurrencyListPayloadSchema,
  newVersionBodySchema,
  saveNewCurrencyBodySchema,
  updateCurrencyBodySchema,
  type Currency,
  type NewCurrency,
  type NewVersionCurrency,
} from './currency';

/** What the caller may send to a schema that fills defaults or converts (its input side). */
type In<S extends z.ZodType> = z.input<S>;
const inputOf = <S extends z.ZodType>(schema: S) => schema as unknown as z.ZodType<In<S>>;
const newCurrencyFilterSchema = newCurrencyListPayloadSchema.omit({ page: true });

/**
 * The bridge between the renderer and the trusted side: one map from channel name to payload and
 * result. The renderer, preload, Electron glue, browser mode and core are all typed from it.
 */
export interface BridgeChannels {
  'app.info': { payload: undefined; result: AppInfo };
  'session.get': { payload: undefined; result: SessionView };
  'session.signIn': { payload: SignInPayload; result: SessionView };
  'session.signOut': { payload: undefined; result: SessionView };
  'session.userInfo': { payload: undefined; result: UserInfo };
  'review.list': { payload: ReviewListPayload; result: ReviewListResult };
  'review.findById': { payload: { filterType: FilterType; id: number }; result: ReviewItem };
  'review.change': { payload: ReviewChangePayload; result: ReviewItem };
  'review.markReviewed': { payload: { filterType: FilterType; id: number }; result: ReviewItem };
  'review.keywords': { payload: { filterType: FilterType }; result: Keyword[] };
  'review.createModel': { payload: { filterType: FilterType }; result: ModelStarted };
  'keywords.list': { payload: z.input<typeof keywordListPayloadSchema>; result: Keyword[] };
  'keywords.add': { payload: z.infer<typeof keywordAddPayloadSchema>; result: Keyword };
  'keywords.update': { payload: z.infer<typeof keywordUpdatePayloadSchema>; result: Keyword };
  'keywords.delete': {
    payload: z.infer<typeof keywordDeletePayloadSchema>;
    result: { deleted: number };
  };
  'keywords.deleteUnwantedUsage': {
    payload: z.infer<typeof keywordUsagePayloadSchema>;
    result: Keyword;
  };
  'currencies.list': { payload: In<typeof currencyListPayloadSchema>; result: Currency[] };
  'currencies.update': { payload: In<typeof updateCurrencyBodySchema>; result: Currency };
  'currencies.deleteTag': { payload: In<typeof currencyTagBodySchema>; result: Currency };
  'currencies.deleteUnwantedUsage': {
    payload: In<typeof currencyUnwantedUsageBodySchema>;
    result: Currency;
  };
  'currencies.checkImage': { payload: In<typeof imageCheckQuerySchema>; result: boolean };
  'newCurrencies.list': { payload: In<typeof newCurrencyListPayloadSchema>; result: NewCurrency[] };
  'newCurrencies.count': { payload: In<typeof newCurrencyFilterSchema>; result: number };
  'newCurrencies.save': { payload: In<typeof saveNewCurrencyBodySchema>; result: Currency };
  'newVersions.list': {
    payload: In<typeof newCurrencyFilterSchema>;
    result: NewVersionCurrency[];
  };
  'newVersions.saveAsNew': { payload: In<typeof newVersionBodySchema>; result: Currency };
  'newVersions.merge': { payload: In<typeof newVersionBodySchema>; result: Currency };
}

export type BridgeChannel = keyof BridgeChannels;
export type PayloadOf<C extends BridgeChannel> = BridgeChannels[C]['payload'];
export type ResultOf<C extends BridgeChannel> = BridgeChannels[C]['result'];

const noPayload = z.undefined();

/** Payload schemas, checked by core before any handler runs. */
export const bridgePayloadSchemas: { [C in BridgeChannel]: z.ZodType<PayloadOf<C>> } = {
  'app.info': noPayload,
  'session.get': noPayload,
  'session.signIn': signInPayloadSchema,
  'session.signOut': noPayload,
  'session.userInfo': noPayload,
  'review.list': reviewListPayloadSchema,
  'review.findById': reviewFindPayloadSchema,
  'review.change': reviewChangePayloadSchema,
  'review.markReviewed': reviewFindPayloadSchema,
  'review.keywords': filterTypePayloadSchema,
  'review.createModel': filterTypePayloadSchema,
  'keywords.list': keywordListPayloadSchema as z.ZodType<z.input<typeof keywordListPayloadSchema>>,
  'keywords.add': keywordAddPayloadSchema,
  'keywords.update': keywordUpdatePayloadSchema,
  'keywords.delete': keywordDeletePayloadSchema,
  'keywords.deleteUnwantedUsage': keywordUsagePayloadSchema,
  'currencies.list': inputOf(currencyListPayloadSchema),
  'currencies.update': inputOf(updateCurrencyBodySchema),
  'currencies.deleteTag': currencyTagBodySchema,
  'currencies.deleteUnwantedUsage': currencyUnwantedUsageBodySchema,
  'currencies.checkImage': imageCheckQuerySchema,
  'newCurrencies.list': inputOf(newCurrencyListPayloadSchema),
  'newCurrencies.count': inputOf(newCurrencyFilterSchema),
  'newCurrencies.save': inputOf(saveNewCurrencyBodySchema),
  'newVersions.list': inputOf(newCurrencyFilterSchema),
  'newVersions.saveAsNew': inputOf(newVersionBodySchema),
  'newVersions.merge': inputOf(newVersionBodySchema),
};

export const BRIDGE_CHANNELS = Object.keys(bridgePayloadSchemas) as BridgeChannel[];

export function isBridgeChannel(value: unknown): value is BridgeChannel {
  return typeof value === 'string' && Object.hasOwn(bridgePayloadSchemas, value);
}

export interface AppInfo {
  version: string;
  /** True when the app talks to its own embedded demo server. */
  demo: boolean;
  apiUrl: string;
  reviewers: string[];
  /** 'electron' or 'browser'. */
  shell: 'electron' | 'browser';
}

/** Errors cross IPC and WebSocket as data, so that status and code survive the trip. */
export interface BridgeError {
  status: number;
  code: string;
  message: string;
}

export type Envelope<T> = { ok: true; data: T } | { ok: false; error: BridgeError };

/** Events pushed from the trusted side to the renderer. */
export type BridgeEvent =
  | { type: 'session.signedOut'; reason: SignOutReason; message: string | null }
  | { type: 'session.changed'; session: SessionView };

export const IPC_INVOKE_CHANNEL = 'dqc:invoke';
export const IPC_EVENT_CHANNEL = 'dqc:event';

/** What the preload script exposes on `window.dqc`. */
export interface PreloadBridge {
  invoke(channel: string, payload: unknown): Promise<Envelope<unknown>>;
  onEvent(listener: (event: BridgeEvent) => void): () => void;
}

/** Browser-mode wire format over the WebSocket. */
export interface WsRequest {
  id: number;
  channel: string;
  payload: unknown;
}
export type WsMessage =
  | { kind: 'response'; id: number; envelope: Envelope<unknown> }
  | { kind: 'event'; event: BridgeEvent };
