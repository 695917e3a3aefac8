/** What the team scenario's server processes (teamServerChild.ts) and the scenario say to each other. */

/** The kinds of call whose server time the team scenario reports. */
export const TIMED_KINDS = ['queue', 'filter', 'decision'] as const;
export type TimedKind = (typeof TIMED_KINDS)[number];

/** Server time (ms) of each call answered since the last ask, by kind. */
export type ServerTimes = Record<TimedKind, number[]>;

export type TeamServerMessage =
  | { kind: 'ready'; url: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'times'; times: ServerTimes };

/** The parent asks for the times gathered since it last asked (and the child forgets them). */
export interface TimesRequest {
  kind: 'takeTimes';
}
