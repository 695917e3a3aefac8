import type { z } from 'zod';
import { auditCalls } from '../../../shared/api/audit';
import type { AnyCall } from '../../../shared/api/call';
import type {
  auditAnswerResultSchema,
  auditAnswersSchema,
  auditDisagreementsSchema,
  auditDrawSchema,
  auditNextSchema,
  auditProgressSchema,
  auditSettledSchema,
} from '../../../shared/responses/audit';
import {
  AUDIT_DEFAULT_SIZE,
  AUDIT_MESSAGES,
  type AuditProgress,
} from '../../../shared/quality/auditChannels';
import type { AuditSource } from '../../../shared/quality/auditRecord';
import { blindCardSchema } from '../../../shared/quality/blindCard';
import {
  SETTLE_CODES,
  TEAM_AUDIT_MESSAGES,
  type AuditDisagreement,
} from '../../../shared/quality/teamAuditChannels';
import { reviewTarget } from '../../../shared/journal';
import { BridgeFailure, toBridgeError } from '../bridgeFailure';
import type { CallContext } from '../bridge/callContext';
import type { LocalService } from '../bridge/localServices';
import type { ReviewCalls } from '../runs/reviewCalls';
import { keyOf, type ItemKey } from '../runs/reviewItemState';
import { journalled } from '../writes/journalled';
import type { UserJournals } from '../writes/userJournals';
import { sendAuditDecision, type DecidePort } from './auditDecision';
import {
  answerOfTeam,
  answerSetsOfTeam,
  blindCardOfTeam,
  disagreementOfTeam,
  progressOfTeam,
} from './teamAuditViews';

/** Sends one of the audit extension's calls as the signed-in user; answers it schema-checked. */
export type TeamSend = (declared: AnyCall, payload: Record<string, unknown>) => Promise<unknown>;

export interface TeamAuditDeps {
  send: TeamSend;
  /** SPEC.md 7's find by id: the item as its card is served, for the decision's conflict check. */
  calls: Pick<ReviewCalls, 'findById'>;
  decide: DecidePort;
  journals: UserJournals;
}

type Draw = z.infer<typeof auditDrawSchema>;
type Next = z.infer<typeof auditNextSchema>;
type Progress = z.infer<typeof auditProgressSchema>;
type Answers = z.infer<typeof auditAnswersSchema>;
type Answered = z.infer<typeof auditAnswerResultSchema>;
type Disagreements = z.infer<typeof auditDisagreementsSchema>;
type Settled = z.infer<typeof auditSettledSchema>;

/** A served card as core keeps it until its answer: in memory, never sent to the page. */
interface ServedCard {
  sampleItemId: number;
  source: AuditSource;
  itemId: number;
  key: ItemKey;
  /** The item when its card was served: what the decision's conflict check compares. */
  selected: boolean | null;
  reviewedBy: string | null;
  version: number;
}

/** The audit channels a team sample answers (auditRouter.ts chooses it per call). */
export type TeamAudit = Pick<LocalService<'audit'>, TeamChannel>;
export type TeamChannel =
  'start' | 'current' | 'next' | 'answer' | 'answers' | 'disagreements' | 'settle';

const cardKey = (source: AuditSource, itemId: number) => `${source}:${itemId}`;

/** The server's refusal of a call, or null when it was no HTTP refusal (unreachable, ...). */
function refusalOf(error: unknown): { status: number; code: string; message: string } | null {
  const failure = toBridgeError(error);
  return failure.status >= 400 ? failure : null;
}

/**
 * The audit channels answered from our server's team sample (the audit extension, src/shared/api/
 * audit.ts), in the same shapes as the user's own sample (auditService.ts): drawn and handed out
 * by the server, one reviewer an item (a share to two), answered blind. An answer is the same
 * ordinary decision as against any provider (auditDecision.ts: review.manualChange through the
 * dispatcher, checked for a change, journalled, offered for undo), then recorded on the server.
 *
 * What the server's card carries beyond a blind card (its audit item id, the item's key fields
 * and version) stays in core, per user, in memory: a restarted core gets the same card back from
 * the server's next call, which resumes the caller's unanswered item.
 */
export function createTeamAudit(deps: TeamAuditDeps): TeamAudit {
  /** username → cards served and not answered yet, by source and data id. */
  const served = new Map<string, Map<string, ServedCard>>();
  /** username → the audit item ids answered through this core, by source and data id. */
  const answered = new Map<string, Map<string, number>>();
  /** Answers on their way: a second click meanwhile is refused, not sent twice. */
  const answering = new Set<string>();
  /** username → the disagreements last listed, by audit item id: the settlement's journal target. */
  const listed = new Map<string, Map<number, AuditDisagreement>>();

  const mapOf = <V>(maps: Map<string, Map<string, V>>, username: string) => {
    let map = maps.get(username);
    if (!map) maps.set(username, (map = new Map()));
    return map;
  };

  const call = async <T>(declared: AnyCall, payload: Record<string, unknown> = {}) =>
    (await deps.send(declared, payload)) as T;

  const progress = async (username: string): Promise<AuditProgress> => {
    const now = await call<Progress>(auditCalls.progress);
    const answers = now.sample
      ? (await call<Answers>(auditCalls.answers, { sampleId: now.sample.id })).answers
      : [];
    return progressOfTeam(now, answers, username);
  };

  /** Keeps the server's card for its answer and answers the blind card. */
  const serve = async (username: string, next: Next) => {
    const card = next.card;
    if (!card) return null;
    const item = await deps.calls.findById(card.service, card.item.id);
    mapOf(served, username).set(cardKey(card.service, card.item.id), {
      sampleItemId: card.sampleItemId,
      source: card.service,
      itemId: card.item.id,
      key: keyOf(card.service, { ...item, ...card.item }),
      selected: item.selected ?? null,
      reviewedBy: item.reviewedBy ?? null,
      version: card.item.version,
    });
    // Checked against the card's strict schema on the way out, as the own sample's cards are.
    return blindCardSchema.parse(blindCardOfTeam(card));
  };

  /** The card the answer names: served through this core, or resumed from the server. */
  const servedCard = async (username: string, source: AuditSource, itemId: number) => {
    const key = cardKey(source, itemId);
    const known = served.get(username)?.get(key);
    if (known) return known;
    if (answered.get(username)?.has(key))
      throw new BridgeFailure(409, 'ALREADY_ANSWERED', AUDIT_MESSAGES.alreadyAnswered);
    // Not served here (a restart): the server's next call gives back the caller's open card.
    await serve(username, await call<Next>(auditCalls.next));
    const resumed = served.get(username)?.get(key);
    if (!resumed) throw new BridgeFailure(404, 'NOT_IN_SAMPLE', AUDIT_MESSAGES.notInSample);
    return resumed;
  };

  return {
    start: async ({ size, from, to }, context: CallContext) => {
      const username = context.user();
      try {
        await call<Draw>(auditCalls.draw, {
          size: size ?? AUDIT_DEFAULT_SIZE,
          ...(from === undefined ? {} : { from }),
          ...(to === undefined ? {} : { to }),
        });
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal?.status === 422)
          throw new BridgeFailure(409, 'AUDIT_EMPTY_WINDOW', refusal.message);
        throw error;
      }
      return progress(username);
    },

    current: async (_, context) => progress(context.user()),

    next: async (_, context) => {
      const username = context.user();
      return serve(username, await call<Next>(auditCalls.next));
    },

    answer: async ({ source, itemId, keep }, context) => {
      const username = context.user();
      const card = await servedCard(username, source, itemId);
      const flight = `${username}\n${card.sampleItemId}`;
      if (answering.has(flight))
        throw new BridgeFailure(409, 'ALREADY_ANSWERED', AUDIT_MESSAGES.alreadyAnswered);
      answering.add(flight);
      try {
        const decision = await sendAuditDecision(
          deps.decide,
          {
            itemId,
            key: card.key,
            classifierKept: card.selected,
            reviewedBy: card.reviewedBy,
            version: card.version,
          },
          keep,
        );
        let recorded: Answered;
        try {
          recorded = await call<Answered>(auditCalls.answer, {
            sampleItemId: card.sampleItemId,
            answer: keep ? 'keep' : 'eliminate',
          });
        } catch (error) {
          const refusal = refusalOf(error);
          if (refusal?.status === 409) {
            served.get(username)?.delete(cardKey(source, itemId));
            mapOf(answered, username).set(cardKey(source, itemId), card.sampleItemId);
            throw new BridgeFailure(409, 'ALREADY_ANSWERED', refusal.message);
          }
          throw error;
        }
        served.get(username)?.delete(cardKey(source, itemId));
        mapOf(answered, username).set(cardKey(source, itemId), card.sampleItemId);
        const sampleAnswers = await call<Answers>(auditCalls.answers, {
          sampleId: recorded.sampleId,
        });
        const record = sampleAnswers.answers.find(
          (a) => a.sampleItemId === recorded.sampleItemId && a.reviewer === recorded.reviewer,
        );
        const answer = record
          ? answerOfTeam(record)
          : {
              itemId,
              stratum: { source, classifierKept: recorded.classifierKept },
              answerKept: recorded.answerKept,
              reviewer: recorded.reviewer,
              answeredAt: recorded.answeredAt,
              groups: { keywords: [], origin: '-', day: '-', modelRun: null },
            };
        return {
          answer,
          classifierKept: recorded.classifierKept,
          ratio: recorded.classifierRatio,
          agreed: recorded.agrees,
          decision,
          progress: await progress(username),
        };
      } finally {
        answering.delete(flight);
      }
    },

    answers: async () => answerSetsOfTeam(await call<Answers>(auditCalls.answers)),

    disagreements: async (_, context) => {
      const username = context.user();
      const found = (await call<Disagreements>(auditCalls.disagreements)).disagreements.map(
        disagreementOfTeam,
      );
      listed.set(username, new Map(found.map((d) => [d.sampleItemId, d])));
      return { offered: true, disagreements: found };
    },

    settle: async ({ sampleItemId, decision, version }, context) => {
      const username = context.user();
      const known = listed.get(username)?.get(sampleItemId) ?? null;
      const keep = decision === 'keep';
      const settled = await journalled(
        deps.journals,
        username,
        {
          channel: 'audit.settle',
          call: `${auditCalls.settle.method} ${auditCalls.settle.path}`,
          area: 'review',
          target: known ? reviewTarget(known.source, known.itemId) : `audit item ${sampleItemId}`,
          summary: `settle an audit disagreement: ${keep ? 'keep' : 'eliminate'} (audit item ${sampleItemId}, version ${version})`,
          before: known
            ? {
                classifierKept: known.classifierKept,
                answers: known.answers
                  .map((a) => `${a.reviewer}: ${a.answerKept ? 'keep' : 'eliminate'}`)
                  .join(', '),
              }
            : null,
          runId: null,
        },
        async () => {
          try {
            return await call<Settled>(auditCalls.settle, { sampleItemId, decision, version });
          } catch (error) {
            throw settleRefusal(error);
          }
        },
      );
      listed.get(username)?.delete(sampleItemId);
      return {
        sampleItemId: settled.sampleItemId,
        source: settled.service,
        itemId: settled.itemId,
        finalKept: settled.finalKept,
        settledBy: settled.settledBy,
        settledAt: settled.settledAt,
        version: settled.version,
      };
    },
  };
}

/** A refused settlement as a bridge error with a code the screen tells apart; else as it came. */
function settleRefusal(error: unknown): unknown {
  const refusal = refusalOf(error);
  if (!refusal) return error;
  if (refusal.status === 403)
    return new BridgeFailure(403, SETTLE_CODES.ownAnswer, refusal.message);
  if (refusal.status === 409) return new BridgeFailure(409, SETTLE_CODES.notOpen, refusal.message);
  if (refusal.status === 412)
    return new BridgeFailure(
      412,
      SETTLE_CODES.changed,
      `${refusal.message} ${TEAM_AUDIT_MESSAGES.reload}`,
    );
  return error;
}
