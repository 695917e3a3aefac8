/**
 * The Quality screen's figures from audit answer sets (audit.answers), each set re-weighted with
 * its own strata's sizes: a sample's sizes are its window's counts, so two samples' answers cannot
 * share one weighting. How the sets are combined:
 * - the overall figures and the figures per group are the current sample's alone;
 * - every sample (earlier ones and the current) also gets its own overall figures: the series over
 *   audits that the chart and the worse-after-a-model-run verdict compare;
 * - the day series is the current sample's figures per detect day (its window spans the days).
 * Nothing is pooled across samples, so no item is counted twice and no weight is invented.
 */
import { agreementByPair } from './agreement';
import type { AuditAnswerSet, AuditAnswers } from './auditChannels';
import { stratumSizesOf } from './auditChannels';
import { auditedItems, type AuditedItem } from './auditItems';
import { estimateQuality, estimatesBy, groupsOf, GROUPINGS, type Grouping } from './estimates';
import {
  RATE_NAMES,
  type AuditEstimates,
  type AuditedIds,
  type GroupRow,
  type RateName,
  type SampleRow,
} from './estimatesChannel';
import { worseAfterModelRun } from './worseAfter';

/** Whether an item's answers bear on a rate: the kept rate reads kept items only, and so on. */
const bearsOn = (rate: RateName, item: AuditedItem): boolean =>
  rate === 'accuracy' || (rate === 'keptShouldBeEliminated') === item.stratum.classifierKept;

function idsOf(items: readonly AuditedItem[]): AuditedIds {
  const ids: AuditedIds = { tweets: [], news: [] };
  for (const item of items) ids[item.stratum.source].push(item.itemId);
  ids.tweets.sort((a, b) => a - b);
  ids.news.sort((a, b) => a - b);
  return ids;
}

/** The audited items behind each of the three figures over these items. */
export function itemsBehind(items: readonly AuditedItem[]): Record<RateName, AuditedIds> {
  return Object.fromEntries(
    RATE_NAMES.map((rate) => [rate, idsOf(items.filter((item) => bearsOn(rate, item)))]),
  ) as Record<RateName, AuditedIds>;
}

function sampleRow(set: AuditAnswerSet, current: boolean): SampleRow {
  return {
    sampleId: set.sampleId,
    window: set.window,
    drawnAt: set.drawnAt,
    current,
    estimate: estimateQuality(set.answers, stratumSizesOf(set.sizes)),
    itemsBehind: itemsBehind(auditedItems(set.answers)),
  };
}

function groupRows(set: AuditAnswerSet, by: Grouping): GroupRow[] {
  const items = auditedItems(set.answers);
  return estimatesBy(set.answers, stratumSizesOf(set.sizes), by).map(({ group, estimate }) => ({
    group,
    estimate,
    itemsBehind: itemsBehind(items.filter((item) => groupsOf(item, by).includes(group))),
  }));
}

const noGroups = (): Record<Grouping, GroupRow[]> => ({
  keyword: [],
  origin: [],
  day: [],
  modelRun: [],
  source: [],
});

/** audit.estimates from a user's own audit answers (one reviewer: agreement has no pairs). */
export function qualityReport(
  answers: AuditAnswers,
  scope: AuditEstimates['scope'] = 'own',
): AuditEstimates {
  const { current } = answers;
  const groups = noGroups();
  if (current) for (const by of GROUPINGS) groups[by] = groupRows(current, by);
  const samples = [
    ...[...answers.earlier].reverse().map((set) => sampleRow(set, false)),
    ...(current ? [sampleRow(current, true)] : []),
  ];
  return {
    scope,
    current: samples.find((row) => row.current) ?? null,
    groups,
    samples,
    agreement: agreementByPair(current?.answers ?? []),
    warning: worseAfterModelRun(groups.modelRun, samples),
  };
}
