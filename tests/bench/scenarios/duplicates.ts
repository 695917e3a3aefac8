/**
 * `npm run bench -- duplicates` (issue 49): likely duplicates at the catalogue's real size, in a
 * Node process as core runs them. The labelled set's writer (tests/fixtures/duplicates/setWriter.ts)
 * makes a 20,000-currency catalogue and a queue of 300 detected currencies, half of them
 * duplicates; each round builds the index and suggests for the whole queue:
 * - the queue's suggestions through core's duplicates service (core/workbench/suggestions.ts: a
 *   fresh catalogue list, so its index is built again, then the queue asked in pages of 100 as
 *   the screens ask, the user's dismissals read), at most 1 s (the index alone as its floor);
 * - one record's suggestions at p95, at most 5 ms;
 * - top-1 accuracy and the new ones left unsuggested at this size, reported beside their targets.
 */
import { performance } from 'node:perf_hooks';
import { callContext } from '../../../src/main/core/bridge/callContext';
import { silentLogger } from '../../../src/main/core/log';
import { DismissalStore } from '../../../src/main/core/workbench/dismissals';
import { createDuplicatesService } from '../../../src/main/core/workbench/suggestions';
import type { Currency } from '../../../src/shared/api/records';
import { DuplicateIndex } from '../../../src/shared/duplicates/likelyDuplicates';
import { MAX_SUGGESTION_RECORDS } from '../../../src/shared/workbench/duplicateChannels';
import { writeSet, type CurrencyLine } from '../../fixtures/duplicates/setWriter';
import { spread, type Figure } from '../lib/figures';
import { runScenario } from '../lib/scenario';

const SCENARIO = 'duplicates';
const ROUNDS = 10;
const CATALOGUE = 20_000;
const QUEUE = 300;

runScenario(SCENARIO, async (notes) => {
  const { catalogue, detected } = writeSet(4900, {
    currencies: CATALOGUE,
    markets: 0,
    duplicateCurrencies: QUEUE / 2,
    newCurrencies: QUEUE / 2,
    duplicateMarkets: 0,
    newMarkets: 0,
  });
  const records = catalogue.filter((r): r is CurrencyLine => r.kind === 'currency');
  const queue = detected.filter((d) => d.kind === 'currency');
  notes.push(`${records.length} catalogue currencies, a queue of ${queue.length} detected.`);
  const whole: number[] = [];
  const building: number[] = [];
  const one: number[] = [];
  let hits = 0;
  let clean = 0;
  const context = callContext(() => 'operator1');
  const dismissals = new DismissalStore({ folderOf: async () => null, log: silentLogger });
  for (let round = 0; round <= ROUNDS; round += 1) {
    // A new list each round, as after the catalogue was read again: its index is built anew.
    const list = [...records] as unknown as Currency[];
    const service = createDuplicatesService({
      catalogue: { currencies: async () => list, markets: async () => [] },
      dismissals,
    });
    const started = performance.now();
    for (let at = 0; at < queue.length; at += MAX_SUGGESTION_RECORDS)
      await service.suggest(
        {
          kind: 'currency',
          records: queue
            .slice(at, at + MAX_SUGGESTION_RECORDS)
            .map((record, i) => ({ ...record, key: String(at + i) })),
        },
        context,
      );
    const served = performance.now();
    const index = new DuplicateIndex(records);
    const built = performance.now();
    for (const record of queue) {
      const asked = performance.now();
      const suggestions = index.suggest(record);
      if (round > 0) one.push(performance.now() - asked);
      if (round === 1) {
        const first = suggestions[0];
        if (record.duplicateOf !== null)
          hits += first && records[first.index]?.uniqueName === record.duplicateOf ? 1 : 0;
        else clean += suggestions.some((s) => s.likely) ? 0 : 1;
      }
    }
    if (round === 0) continue; // warm-up
    whole.push(served - started);
    building.push(built - served);
  }
  const duplicates = queue.filter((d) => d.duplicateOf !== null).length;
  const share = (n: number, of: number) => spread([of === 0 ? 1 : n / of]);
  const figure = (f: Omit<Figure, 'scenario'>): Figure => ({ scenario: SCENARIO, ...f });
  return [
    figure({
      name: `Suggestions for a queue of ${queue.length} against ${records.length.toLocaleString('en')} currencies`,
      unit: 'ms',
      value: spread(whole),
      floor: { name: 'the index alone', value: spread(building) },
      judge: 'p50',
      target: 1000,
    }),
    figure({
      name: "One detected record's suggestions",
      unit: 'ms',
      value: spread(one),
      floor: null,
      judge: 'p95',
      target: 5,
    }),
    figure({
      name: 'Top-1 accuracy at this size',
      unit: 'share',
      value: share(hits, duplicates),
      floor: null,
      judge: 'p50',
      target: 0.95,
      atLeast: true,
    }),
    figure({
      name: 'New ones left unsuggested at this size',
      unit: 'share',
      value: share(clean, queue.length - duplicates),
      floor: null,
      judge: 'p50',
      target: 0.95,
      atLeast: true,
    }),
  ];
});
