import type { Currency, MarketRecord } from '../../../shared/api/records';
import { DuplicateIndex, type ReferenceRecord } from '../../../shared/duplicates/likelyDuplicates';
import {
  identityOf,
  type DetectedRecord,
  type DuplicateKind,
  type Suggestions,
} from '../../../shared/workbench/duplicateChannels';
import type { CallContext } from '../bridge/callContext';
import type { LocalService } from '../bridge/localServices';
import { pairKey, type DismissalStore } from './dismissals';
import type { TeamDismissals } from './teamDismissals';

/** A catalogue as core holds it: a list that stays the same object while it is the same list. */
export interface CatalogueSource {
  currencies(context: CallContext): Promise<readonly Currency[]>;
  markets(context: CallContext): Promise<readonly MarketRecord[]>;
}

interface Indexed {
  records: readonly Record<string, unknown>[];
  index: DuplicateIndex;
}

/** Candidates asked of the index, so that five remain after the dismissed ones are left out. */
const ASKED = 12;
const SHOWN = 5;

/**
 * One record per identity: a catalogue that lists a unique name twice (or a record twice) would
 * otherwise suggest it twice. The first one listed is kept.
 */
function distinct<T extends Record<string, unknown>>(records: readonly T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const record of records) {
    const id = identityOf(record) || `#${String(record.id ?? record.currencyId ?? out.length)}`;
    if (seen.has(id.toLowerCase())) continue;
    seen.add(id.toLowerCase());
    out.push(record);
  }
  return out;
}

/**
 * Likely duplicates (issue 49) in core: the catalogue core already holds (the currencies of the
 * Crypto Currency list, the markets) indexed once per list it reads, then asked for each detected
 * record of a page; pairs the user dismissed are left out. Nothing here writes: a person acts.
 */
export function createDuplicatesService(deps: {
  catalogue: CatalogueSource;
  dismissals: DismissalStore;
  /** The team's pairs where the server offers them; none otherwise. */
  team?: TeamDismissals;
}): LocalService<'duplicates'> {
  const indexes = new WeakMap<object, Indexed>();

  const indexOf = (list: readonly Record<string, unknown>[]): Indexed => {
    const held = indexes.get(list);
    if (held) return held;
    const records = distinct(list);
    const built = { records, index: new DuplicateIndex(records as readonly ReferenceRecord[]) };
    indexes.set(list, built);
    return built;
  };

  const catalogueOf = async (kind: DuplicateKind, context: CallContext) =>
    indexOf(
      (kind === 'currency'
        ? await deps.catalogue.currencies(context)
        : await deps.catalogue.markets(context)) as readonly Record<string, unknown>[],
    );

  return {
    async suggest({ kind, records }, context): Promise<Suggestions> {
      const username = context.user();
      const [{ records: catalogue, index }, own, team] = await Promise.all([
        catalogueOf(kind, context),
        deps.dismissals.keys(username),
        // The team's list is a help, not a condition: a failed read leaves the user's own.
        deps.team?.list(context).catch(() => []) ?? [],
      ]);
      const dismissed = new Set([...own, ...team.map(pairKey)]);
      const suggestions = records.map((detected: DetectedRecord) => {
        const detectedId = identityOf(detected);
        const candidates = index
          .suggest(detected, ASKED)
          .map((s) => ({ ...s, record: catalogue[s.index]! }))
          .filter(
            ({ record }) =>
              !dismissed.has(
                pairKey({ kind, detected: detectedId, catalogue: identityOf(record) || '-' }),
              ),
          )
          .slice(0, SHOWN)
          .map(({ record, score, likely, evidence }) => ({
            record,
            id: identityOf(record),
            score,
            likely,
            evidence,
          }));
        return { key: detected.key, candidates };
      });
      return { suggestions, catalogueSize: catalogue.length };
    },
    async dismiss(pair, context) {
      const own = await deps.dismissals.dismiss(context.user(), pair);
      await deps.team?.add(pair, context);
      return own;
    },
    async restore(pair, context) {
      const own = await deps.dismissals.restore(context.user(), pair);
      await deps.team?.remove(pair, context);
      return own;
    },
    async dismissed(_payload, context) {
      const own = await deps.dismissals.list(context.user());
      const team = (await deps.team?.list(context).catch(() => [])) ?? [];
      const known = new Set(own.map(pairKey));
      // The team's pairs said by others (or on another machine), after the user's own.
      const others = team
        .filter((pair) => !known.has(pairKey(pair)))
        .map(({ kind, detected, catalogue, at, by }) => ({ kind, detected, catalogue, at, by }));
      return [...own, ...others];
    },
  };
}
