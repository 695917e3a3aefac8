import type { z } from 'zod';
import type {
  auditAnswersSchema,
  auditCardSchema,
  auditDisagreementSchema,
  auditProgressSchema,
  auditSampleSchema,
} from '../../../shared/responses/audit';
import type {
  AuditAnswers,
  AuditAnswerSet,
  AuditProgress,
} from '../../../shared/quality/auditChannels';
import { stratumKey, type AuditAnswer } from '../../../shared/quality/auditRecord';
import type { BlindCard } from '../../../shared/quality/blindCard';
import type { AuditDisagreement } from '../../../shared/quality/teamAuditChannels';
import { STRATA } from './drawSample';

/**
 * The team audit extension's answers (src/shared/responses/audit.ts) in the shapes the audit
 * channels already answer against any provider (src/shared/quality/auditChannels.ts), so that the
 * screens read one shape whoever keeps the sample. Fields are picked by name, never copied whole:
 * nothing the server adds later can reach a blind card.
 */

type ServerCard = z.infer<typeof auditCardSchema>;
type ServerSample = z.infer<typeof auditSampleSchema>;
type ServerProgress = z.infer<typeof auditProgressSchema>;
type ServerAnswers = z.infer<typeof auditAnswersSchema>;
type ServerAnswer = ServerAnswers['answers'][number];
type ServerDisagreement = z.infer<typeof auditDisagreementSchema>;

/** The blind card of a server's audit card: the listed fields only (never a decision or ratio). */
export function blindCardOfTeam(card: ServerCard): BlindCard {
  const common = {
    itemId: card.item.id,
    message: card.item.message,
    url: card.item.url,
    detectTime: card.item.detectTime,
    accountName: card.item.accountName,
    detectedKeyword: [...card.item.detectedKeyword],
  };
  if (card.service === 'tweets')
    return {
      source: 'tweets',
      ...common,
      tweetTime: card.item.tweetTime,
      twitterUserName: card.item.twitterUserName,
      website: null,
      currencies: [],
      markets: [],
      tags: [],
    };
  const news = card.item;
  return {
    source: 'news',
    ...common,
    tweetTime: null,
    twitterUserName: null,
    website: news.website,
    currencies: news.cryptoCurrencyList.flatMap((c) => (c.symbol ? [c.symbol] : [])),
    markets: news.cryptoMarketList.flatMap((m) => (m.name ? [m.name] : [])),
    tags: [...news.cryptoTagsList],
  };
}

/** A server answer record as the estimates read one (AuditAnswer, without the sample's ids). */
export function answerOfTeam(record: ServerAnswer): AuditAnswer {
  return {
    itemId: record.itemId,
    stratum: { source: record.stratum.source, classifierKept: record.stratum.classifierKept },
    answerKept: record.answerKept,
    reviewer: record.reviewer,
    answeredAt: record.answeredAt,
    groups: {
      keywords: [...record.groups.keywords],
      origin: record.groups.origin,
      day: record.groups.day,
      modelRun: record.groups.modelRun,
    },
  };
}

/** A sample's own stratum sizes, by stratum key. */
const sizesOf = (sample: ServerSample): Record<string, number> =>
  Object.fromEntries(sample.strata.map((s) => [s.key, s.population]));

/**
 * The progress of the team's active sample as audit.current answers it. A stratum's `answered`
 * counts its items answered at least once (an item two reviewers answer counts once, so it never
 * passes `drawn`); `answeredToday` is the caller's own answers on the server's day (UTC).
 */
export function progressOfTeam(
  progress: ServerProgress,
  answers: ServerAnswer[],
  username: string,
): AuditProgress {
  const answeredToday =
    progress.reviewers.find((reviewer) => reviewer.reviewer === username)?.answeredToday ?? 0;
  const sample = progress.sample;
  if (!sample) return { sample: null, answeredToday, source: 'team' };
  const answeredItems = new Map<string, Set<number>>();
  for (const answer of answers) {
    if (answer.sampleId !== sample.id) continue;
    const key = stratumKey(answer.stratum);
    const items = answeredItems.get(key) ?? new Set<number>();
    items.add(answer.sampleItemId);
    answeredItems.set(key, items);
  }
  const strata = STRATA.map((stratum) => {
    const key = stratumKey(stratum);
    const drawn = sample.strata.find((s) => s.key === key);
    return {
      key,
      source: stratum.source,
      classifierKept: stratum.classifierKept,
      population: drawn?.population ?? 0,
      drawn: drawn?.drawn ?? 0,
      answered: answeredItems.get(key)?.size ?? 0,
    };
  });
  return {
    sample: {
      id: String(sample.id),
      window: { from: sample.from, to: sample.to },
      drawnAt: sample.drawnAt,
      size: sample.requestedSize,
      drawn: sample.drawn,
      answered: strata.reduce((sum, s) => sum + s.answered, 0),
      strata,
      emptyStrata: strata.filter((s) => s.population === 0).map((s) => s.key),
    },
    answeredToday,
    source: 'team',
  };
}

/**
 * The team's answers grouped by sample, each set with its own sample's stratum sizes: the active
 * sample's as `current`, the others newest first as `earlier`. A sample without an answer is left
 * out of `earlier` (as core's own history keeps only samples that were answered).
 */
export function answerSetsOfTeam(answers: ServerAnswers): AuditAnswers {
  const setOf = (sample: ServerSample): AuditAnswerSet => ({
    sampleId: String(sample.id),
    window: { from: sample.from, to: sample.to },
    drawnAt: sample.drawnAt,
    sizes: sizesOf(sample),
    answers: answers.answers.filter((a) => a.sampleId === sample.id).map(answerOfTeam),
  });
  const active = answers.samples.find((sample) => sample.active);
  const earlier = answers.samples
    .filter((sample) => !sample.active)
    .sort((a, b) => Date.parse(b.drawnAt) - Date.parse(a.drawnAt))
    .map(setOf)
    .filter((set) => set.answers.length > 0);
  return { current: active ? setOf(active) : null, earlier };
}

/** A disagreement as audit.disagreements answers it: both answers beside the classifier's. */
export function disagreementOfTeam(found: ServerDisagreement): AuditDisagreement {
  return {
    sampleItemId: found.sampleItemId,
    source: found.service,
    itemId: found.itemId,
    classifierKept: found.classifierKept,
    ratio: found.classifierRatio,
    answers: found.answers.map(({ reviewer, answerKept, answeredAt }) => ({
      reviewer,
      answerKept,
      answeredAt,
    })),
    version: found.card.item.version,
    card: blindCardOfTeam(found.card),
  };
}
