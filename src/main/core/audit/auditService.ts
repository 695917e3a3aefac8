import { randomInt, randomUUID } from 'node:crypto';
import {
  AUDIT_DEFAULT_SIZE,
  AUDIT_MESSAGES,
  type AuditAnswerPayload,
  type AuditAnswers,
  type AuditProgress,
  type AuditReveal,
} from '../../../shared/quality/auditChannels';
import type { AuditAnswer } from '../../../shared/quality/auditRecord';
import { qualityReport } from '../../../shared/quality/qualityReport';
import { blindCardSchema, type BlindCard } from '../../../shared/quality/blindCard';
import { BridgeFailure } from '../bridgeFailure';
import type { CallContext } from '../bridge/callContext';
import type { LocalService } from '../bridge/localServices';
import type { Logger } from '../log';
import type { ReviewCalls } from '../runs/reviewCalls';
import { sendAuditDecision, type DecidePort } from './auditDecision';
import { progressOf } from './auditProgress';
import { answerSetOf, AuditStore } from './auditStore';
import { auditWindowOf } from './auditWindow';
import { drawSample } from './drawSample';
import type { RandomBelow } from './stratumDraw';

/** The audit channels the user's own sample answers (the team's alone settle disagreements). */
export type OwnAudit = Omit<LocalService<'audit'>, 'disagreements' | 'settle'>;

export interface AuditServiceDeps {
  /** SPEC.md 7's count and filter, as bulk runs send them (runs/reviewCalls.ts). */
  calls: Pick<ReviewCalls, 'count' | 'page'>;
  decide: DecidePort;
  /** Each user's own folder (users/<hash>), or null when kept in memory. */
  folderOf(username: string): Promise<string | null>;
  /** Calls in flight at most while drawing (the runConcurrency setting). */
  concurrency: number;
  log: Logger;
  now?: () => Date;
  /** Seeded in tests; crypto's randomInt otherwise. */
  random?: RandomBelow;
}

/**
 * The audit sample against any provider (the audit.* channels): drawn in core from SPEC.md 7's
 * count and filter calls (drawSample.ts), kept per user (auditStore.ts), served blind (a card
 * lists only what may be shown: src/shared/quality/blindCard.ts), and answered with an ordinary
 * decision whose outcome reveals the classifier's decision beside the answer.
 */
export function createAuditService(deps: AuditServiceDeps): OwnAudit {
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? ((below: number) => randomInt(below));
  const store = new AuditStore({ folderOf: deps.folderOf, log: deps.log, now });
  /** Answers on their way, so that a second click while one is sent is refused, not sent twice. */
  const answering = new Set<string>();
  /** Users whose sample is being drawn: a second start meanwhile is refused, not drawn twice. */
  const drawing = new Set<string>();

  const answersOf = async (username: string): Promise<AuditAnswers> => {
    const { sample, history } = await store.get(username);
    return { current: sample ? answerSetOf(sample) : null, earlier: history };
  };

  const progress = async (username: string): Promise<AuditProgress> =>
    progressOf(await store.get(username), now());

  return {
    start: async ({ size, from, to }, context: CallContext) => {
      const username = context.user();
      const window = auditWindowOf({ from, to }, now());
      const wanted = size ?? AUDIT_DEFAULT_SIZE;
      if (drawing.has(username))
        throw new BridgeFailure(409, 'AUDIT_DRAWING', AUDIT_MESSAGES.alreadyDrawing);
      drawing.add(username);
      try {
        const drawn = await drawSample(
          { calls: deps.calls, random, concurrency: deps.concurrency },
          window,
          wanted,
        );
        await store.replace(username, {
          id: randomUUID(),
          window,
          drawnAt: now().toISOString(),
          size: wanted,
          sizes: drawn.sizes,
          emptyStrata: drawn.emptyStrata,
          items: drawn.items,
          answers: [],
        });
      } finally {
        drawing.delete(username);
      }
      return progress(username);
    },

    current: async (_, context) => progress(context.user()),

    next: async (_, context) => {
      const { sample } = await store.get(context.user());
      if (!sample) return null;
      const answered = new Set(sample.answers.map((a) => `${a.stratum.source}:${a.itemId}`));
      const item = sample.items.find((i) => !answered.has(`${i.source}:${i.itemId}`));
      // Checked against the card's strict schema on the way out: a field that is not listed as
      // one a blind card may show cannot reach the page, whatever the item held.
      return item ? (blindCardSchema.parse(item.card) satisfies BlindCard) : null;
    },

    answer: async (payload: AuditAnswerPayload, context): Promise<AuditReveal> => {
      const username = context.user();
      const { sample } = await store.get(username);
      if (!sample) throw new BridgeFailure(404, 'NO_AUDIT_SAMPLE', AUDIT_MESSAGES.noSample);
      const item = sample.items.find(
        (i) => i.source === payload.source && i.itemId === payload.itemId,
      );
      if (!item) throw new BridgeFailure(404, 'NOT_IN_SAMPLE', AUDIT_MESSAGES.notInSample);
      const sameItem = (a: AuditAnswer) =>
        a.stratum.source === item.source && a.itemId === item.itemId;
      const flight = `${username}\n${sample.id}\n${item.source}:${item.itemId}`;
      if (sample.answers.some(sameItem) || answering.has(flight))
        throw new BridgeFailure(409, 'ALREADY_ANSWERED', AUDIT_MESSAGES.alreadyAnswered);
      answering.add(flight);
      try {
        const decision = await sendAuditDecision(deps.decide, item, payload.keep);
        const answer: AuditAnswer = {
          itemId: item.itemId,
          stratum: { source: item.source, classifierKept: item.classifierKept },
          answerKept: payload.keep,
          reviewer: username,
          answeredAt: now().toISOString(),
          groups: item.groups,
        };
        await store.addAnswer(username, sample.id, answer);
        return {
          answer,
          classifierKept: item.classifierKept,
          ratio: item.ratio,
          agreed: item.classifierKept === payload.keep,
          decision,
          progress: await progress(username),
        };
      } finally {
        answering.delete(flight);
      }
    },

    answers: async (_, context) => answersOf(context.user()),

    // Computed from the stored answers on each call: a few hundred items, cheap, never stale.
    estimates: async (_, context) => qualityReport(await answersOf(context.user())),
  };
}
