import { z } from 'zod';
import type { AnyCall } from './api/call';
import type { shownItemSchema } from './runs';

/**
 * The kinds of bridge channel and the builders the channel table (bridge.ts) is written with: a
 * channel core answers itself, one that sends a declared provider call, and one whose call depends
 * on the page's filter type.
 */

/** A channel core answers itself; R is what it returns. */
export interface LocalChannel<P extends z.ZodType, R> {
  kind: 'local';
  payload: P;
  /** What the channel resolves with: a schema for a local service's channels, else a type only. */
  result?: z.ZodType<R>;
}
/** A channel that sends one declared provider call. */
export interface CallChannel<C extends AnyCall> {
  kind: 'call';
  call: C;
}
/** A channel whose call depends on the page's filter type: tweets or news. */
export interface ByFilterTypeChannel<T extends AnyCall, N extends AnyCall> {
  kind: 'byFilterType';
  tweets: T;
  news: N;
  /**
   * A card's decision: the payload may name what the card showed (`shown`); core then journals
   * the write with that state before and offers undo when it flipped the item (DESIGN.md, "Runs
   * live in core"), answering a DecisionResult instead of the call's answer.
   */
  undoable?: true;
  /**
   * A card's decision without undo (the reviewed mark): the payload may name what the card showed
   * (`shown`); core then sends it only if the item is still so, and journals that state before.
   * An undoable channel is checked too.
   */
  checked?: true;
}
/** What a card's decision carries beside the declared call's payload. */
export interface Shown {
  shown?: z.input<typeof shownItemSchema>;
  /**
   * Apply mine: the reviewer saw the conflict and sends anyway; core skips the check and journals
   * the write as applied over it (src/shared/conflict.ts).
   */
  applyAnyway?: true;
}
export type AnyChannel =
  LocalChannel<z.ZodType, unknown> | CallChannel<AnyCall> | ByFilterTypeChannel<AnyCall, AnyCall>;

export const local = <R, P extends z.ZodType = z.ZodUndefined>(
  payload?: P,
  result?: z.ZodType<R>,
): LocalChannel<P, R> => ({
  kind: 'local',
  payload: (payload ?? z.undefined()) as P,
  ...(result ? { result } : {}),
});

/** A local service's channel (runs, prefs, export, journal, undo): its result and its payload. */
export function service<R>(result: z.ZodType<R>): LocalChannel<z.ZodUndefined, R>;
export function service<R, P extends z.ZodType>(
  result: z.ZodType<R>,
  payload: P,
): LocalChannel<P, R>;
export function service<R>(result: z.ZodType<R>, payload?: z.ZodType): LocalChannel<z.ZodType, R> {
  return local<R, z.ZodType>(payload, result);
}

type GroupChannels<G extends string, Calls> = {
  [K in keyof Calls as `${G}.${K & string}`]: Calls[K] extends AnyCall
    ? CallChannel<Calls[K]>
    : never;
};
export function groupChannels<G extends string, Calls extends Record<string, AnyCall>>(
  group: G,
  calls: Calls,
): GroupChannels<G, Calls> {
  return Object.fromEntries(
    Object.entries(calls).map(([name, declared]) => [
      `${group}.${name}`,
      { kind: 'call', call: declared },
    ]),
  ) as GroupChannels<G, Calls>;
}

/** A review write a card sends as its decision: see ByFilterTypeChannel.undoable. */
export const undoable = <T extends AnyCall, N extends AnyCall>(
  tweets: T,
  news: N,
): ByFilterTypeChannel<T, N> & { undoable: true } => ({
  kind: 'byFilterType',
  tweets,
  news,
  undoable: true,
});

/** A card's decision that has no undo: see ByFilterTypeChannel.checked. */
export const checked = <T extends AnyCall, N extends AnyCall>(
  tweets: T,
  news: N,
): ByFilterTypeChannel<T, N> & { checked: true } => ({
  kind: 'byFilterType',
  tweets,
  news,
  checked: true,
});

type ReviewChannels<T, N, P extends string = 'review'> = {
  [K in keyof T & keyof N as `${P}.${K & string}`]: T[K] extends AnyCall
    ? N[K] extends AnyCall
      ? ByFilterTypeChannel<T[K], N[K]>
      : never
    : never;
};
export function reviewChannels<
  T extends Record<string, AnyCall>,
  N extends Record<string, AnyCall>,
  P extends string = 'review',
>(tweets: T, news: N, prefix: P = 'review' as P): ReviewChannels<T, N, P> {
  return Object.fromEntries(
    Object.keys(tweets)
      .filter((name) => name in news)
      .map((name) => [
        `${prefix}.${name}`,
        { kind: 'byFilterType', tweets: tweets[name], news: news[name] },
      ]),
  ) as ReviewChannels<T, N, P>;
}
