import {
  auditAnswerBodySchema,
  auditAnswersQuerySchema,
  auditDrawBodySchema,
  auditSettleBodySchema,
} from '../bodies/audit';
import {
  auditAnswerResultSchema,
  auditAnswersSchema,
  auditDisagreementsSchema,
  auditDrawSchema,
  auditNextSchema,
  auditProgressSchema,
  auditSettledSchema,
} from '../responses/audit';
import { call } from './call';
import { EXTENSIONS_BASE } from './insight';

/**
 * The team audit sample: our reference server's extension `audit` (issue 47's blind audit, with
 * the team's sample kept on the server), under /dqc-extensions like every extension and sent by
 * core only when the capabilities list names it. Against any other provider core draws the sample
 * itself, per user, from SPEC.md 7's filter and count calls.
 *
 * One sample is the team's at a time: a window's items drawn at random within each stratum
 * (source x the classifier's decision), the strata's sizes counted when it is drawn. Each item
 * goes to one reviewer, a share of them (10% by default) to two, handed out one at a time to
 * whoever asks for their next item; an answer is blind (the card shows nothing of the
 * classifier's decision or ratio) and recorded once. Who answers, settles or draws is always the
 * token's user; no body names one.
 */

const base = `${EXTENSIONS_BASE}/audit`;

export const auditCalls = {
  /** Draws the team's sample; the one before it keeps what was assigned or answered. */
  draw: call({
    method: 'POST',
    path: `${base}/samples`,
    body: auditDrawBodySchema,
    answer: auditDrawSchema,
    describe: 'audit sample',
    response: auditDrawSchema,
    description:
      "Draws the team's audit sample: the window's items (the last 7 days when no window is named) stratified by source (tweets, news) and the classifier's decision (kept, eliminated), each stratum's size counted as the Review filter counts it, and items drawn uniformly at random within each stratum, the size shared equally among the strata that hold items (a stratum gives no more than it holds). A share of the items (doubleShare, 10% by default) goes to two reviewers. It becomes the team's one active sample: the previous sample's items nobody was assigned are removed, its assigned and answered items stay. A window whose strata are partly empty is sampled from the others, and the answer names the empty ones.",
    refusals: {
      '422': 'The window holds no tweet and no news item: nothing was drawn.',
    },
  }),
  /** The next item for me, claimed: blind. */
  next: call({
    method: 'POST',
    path: `${base}/next`,
    answer: auditNextSchema,
    describe: 'audit item',
    response: auditNextSchema,
    description:
      "The caller's next audit item: the first item assigned to the caller and not answered yet (of any sample), or else the active sample's next item that still wants a reviewer, assigned to the caller in the same step (no item is handed to more reviewers than it wants; concurrent callers never get the same one). The card is blind: it holds the item's content, key fields and version, never its decision, ratio or eliminated keyword. No card (with a sentence) when there is no sample or nothing left for the caller.",
  }),
  /** The caller's blind answer on an item assigned to them. */
  answer: call({
    method: 'POST',
    path: `${base}/answers`,
    body: auditAnswerBodySchema,
    answer: auditAnswerResultSchema,
    describe: 'audit answer',
    response: auditAnswerResultSchema,
    description:
      "Records the caller's blind answer (keep or eliminate) on an audit item assigned to them, once, and answers with what the classifier had decided when the item was drawn. This records the audit answer only: the decision itself (select or eliminate the item) is sent by the console as an ordinary decision (SPEC.md 7's manual change, journalled and undoable).",
    refusals: {
      '403': 'The item is not assigned to the caller: nothing was recorded.',
      '404': 'No audit item has that id: nothing was recorded.',
      '409':
        'The caller answered the item already: the first answer stands, nothing was counted twice.',
    },
  }),
  /** The team's answers, with the strata, for the estimates. */
  answers: call({
    method: 'GET',
    path: `${base}/answers`,
    query: auditAnswersQuerySchema,
    answer: auditAnswersSchema,
    describe: 'audit answers',
    response: auditAnswersSchema,
    description:
      "Every answer of the team (of one sample, or of the samples drawn in a window), each with its stratum and the groups the estimates use (keywords, website or account, detect day, model run), the samples' stratum sizes, and the settled disagreements.",
    refusals: { '404': 'No audit sample has that id.' },
  }),
  /** The active sample's progress, and today's answers per reviewer. */
  progress: call({
    method: 'GET',
    path: `${base}/progress`,
    answer: auditProgressSchema,
    describe: 'audit progress',
    response: auditProgressSchema,
  }),
  /** Items two reviewers answered differently, not settled yet. */
  disagreements: call({
    method: 'GET',
    path: `${base}/disagreements`,
    answer: auditDisagreementsSchema,
    describe: 'audit disagreements',
    response: auditDisagreementsSchema,
  }),
  /** A third reviewer settles a disagreement: the final decision, written to the item. */
  settle: call({
    method: 'POST',
    path: `${base}/settlements`,
    body: auditSettleBodySchema,
    answer: auditSettledSchema,
    describe: 'settled disagreement',
    response: auditSettledSchema,
    description:
      "Settles an item two reviewers answered differently: the caller, a third reviewer, gives the final decision. It is recorded with who and when, and written to the item as the caller's decision (the manual change's write: selected, manually changed by the caller, the version raised, the item's history naming this call), if the item is still at `version`.",
    refusals: {
      '403': 'The caller answered the item: a third reviewer settles it. Nothing was written.',
      '404': 'No audit item has that id, or its tweet or news item is gone: nothing was written.',
      '409':
        'The item has no disagreement (fewer than two answers, or they agree), or was settled already: nothing was written.',
      '412':
        'The item was written since `version`: nothing was written; `current` is the item as it is now.',
    },
  }),
};
