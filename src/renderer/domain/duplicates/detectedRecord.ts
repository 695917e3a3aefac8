import type { DetectedRecord } from '../../../shared/workbench/duplicateChannels';

/** Within the payload's bounds (src/shared/workbench/duplicateChannels.ts). */
const cut = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value.slice(0, 500) : undefined;

/**
 * A queued record as duplicates.suggest takes it: the fields evidence is read from, as the
 * provider sent them, within the payload's bounds. Fields it lacks are left out.
 */
export function detectedRecordOf(key: string, record: object): DetectedRecord {
  const r = record as Record<string, unknown>;
  const websites = Array.isArray(r.website)
    ? r.website
        .map(cut)
        .filter((w): w is string => w !== undefined)
        .slice(0, 50)
    : undefined;
  const socials =
    r.socials && typeof r.socials === 'object'
      ? Object.fromEntries(
          Object.entries(r.socials as Record<string, unknown>)
            .map(([name, value]) => [name.slice(0, 40), cut(value)] as const)
            .filter(([, value]) => value !== undefined),
        )
      : undefined;
  const pairs = Array.isArray(r.marketTradingPairs)
    ? (r.marketTradingPairs as Record<string, unknown>[]).slice(0, 200).map((m) => ({
        market: cut(m?.market),
        tradingPairs: Array.isArray(m?.tradingPairs)
          ? (m.tradingPairs as Record<string, unknown>[])
              .slice(0, 500)
              .map((p) => ({ otherCurrency: cut(p?.otherCurrency) }))
          : undefined,
      }))
    : undefined;
  return {
    key: key.slice(0, 600),
    uniqueName: cut(r.uniqueName),
    name: cut(r.name),
    currency: cut(r.currency),
    ...(websites?.length ? { website: websites } : {}),
    ...(socials && Object.keys(socials).length ? { socials } : {}),
    ...(pairs?.length ? { marketTradingPairs: pairs } : {}),
  };
}
