import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callContext } from '../../../../src/main/core/bridge/callContext';
import { silentLogger } from '../../../../src/main/core/log';
import { DismissalStore } from '../../../../src/main/core/workbench/dismissals';
import { createDuplicatesService } from '../../../../src/main/core/workbench/suggestions';
import { TeamDismissals } from '../../../../src/main/core/workbench/teamDismissals';
import type { Currency, MarketRecord } from '../../../../src/shared/api/records';

/**
 * Likely duplicates in core (issue 49): suggestions drawn from the catalogue core holds, a catalogue
 * with records missing fields or listed twice read as it comes, and "Not a duplicate" kept per
 * user across a restart and undone.
 */

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'dqc-duplicates-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const coin = (fields: Partial<Currency> & Record<string, unknown>) => fields as unknown as Currency;

const CATALOGUE: Currency[] = [
  coin({
    id: 1,
    uniqueName: 'bitcoin',
    name: 'Bitcoin',
    currency: 'BTC',
    website: ['https://bitcoin.org'],
  }),
  coin({ id: 2, uniqueName: 'bitcoin-cash', name: 'Bitcoin Cash', currency: 'BCH' }),
  // Listed twice (the same unique name under another id): suggested once.
  coin({ id: 3, uniqueName: 'bitcoin', name: 'Bitcoin', currency: 'BTC' }),
  // Missing every field but an id and a symbol.
  coin({ id: 4, currency: 'ETH' }),
  coin({ id: 5, uniqueName: 'ethereum', name: 'Ethereum', currency: 'ETH' }),
];
const MARKETS = [{ marketId: 7, uniqueName: 'binance', name: 'Binance' }] as MarketRecord[];

function start(folder: string | null = root) {
  const folderOf = async () => folder;
  const service = createDuplicatesService({
    catalogue: { currencies: async () => CATALOGUE, markets: async () => MARKETS },
    dismissals: new DismissalStore({ folderOf, log: silentLogger }),
  });
  return { service, context: callContext(() => 'operator1') };
}

/** The catalogue records suggested for a new "Bitcoin" (bitcoin-new, BTC), by id. */
const ask = (
  service: ReturnType<typeof createDuplicatesService>,
  context: ReturnType<typeof callContext>,
) =>
  service
    .suggest(
      {
        kind: 'currency',
        records: [{ key: 'r', uniqueName: 'bitcoin-new', name: 'Bitcoin', currency: 'BTC' }],
      },
      context,
    )
    .then((a) => a.suggestions[0]!.candidates.map((c) => c.id));

describe('duplicates.suggest', () => {
  it('ranks the catalogue records with their evidence, each record once', async () => {
    const { service, context } = start();
    const answer = await service.suggest(
      {
        kind: 'currency',
        records: [
          {
            key: 'row-1',
            uniqueName: 'bitcoin-new',
            name: 'BitCoin',
            currency: 'btc',
            website: ['http://www.bitcoin.org/'],
          },
        ],
      },
      context,
    );
    expect(answer.catalogueSize).toBe(4);
    const [first] = answer.suggestions;
    expect(first!.key).toBe('row-1');
    const ids = first!.candidates.map((c) => c.id);
    expect(ids[0]).toBe('bitcoin');
    expect(ids.filter((id) => id === 'bitcoin')).toHaveLength(1);
    expect(first!.candidates[0]!.likely).toBe(true);
    expect(first!.candidates[0]!.evidence.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['name', 'symbol', 'website']),
    );
    expect(first!.candidates[0]!.record).toMatchObject({ id: 1, uniqueName: 'bitcoin' });
  });

  it('reads a record without a name or unique name as one that can match by symbol', async () => {
    const { service, context } = start();
    const answer = await service.suggest(
      { kind: 'currency', records: [{ key: 'r', name: 'Ethereum', currency: 'ETH' }] },
      context,
    );
    const candidates = answer.suggestions[0]!.candidates;
    expect(candidates[0]!.id).toBe('ethereum');
    // The nameless one is named by nothing: its id is empty, and it is still shown.
    expect(candidates.some((c) => c.id === '' && c.record.id === 4)).toBe(true);
  });

  it('suggests markets from the markets list', async () => {
    const { service, context } = start();
    const answer = await service.suggest(
      { kind: 'market', records: [{ key: 'm', uniqueName: 'binance-exchange', name: 'Binance' }] },
      context,
    );
    expect(answer.suggestions[0]!.candidates[0]!.id).toBe('binance');
  });

  it('leaves out a pair said not to be a duplicate, after a restart too, until it is undone', async () => {
    const first = start();
    expect(await ask(first.service, first.context)).toContain('bitcoin');
    const dismissed = await first.service.dismiss(
      { kind: 'currency', detected: 'bitcoin-new', catalogue: 'Bitcoin' },
      first.context,
    );
    expect(dismissed).toEqual([
      expect.objectContaining({ kind: 'currency', detected: 'bitcoin-new', catalogue: 'Bitcoin' }),
    ]);
    expect(await ask(first.service, first.context)).not.toContain('bitcoin');
    // Another kind's pair of the same names is another pair.
    const restarted = start();
    expect(await ask(restarted.service, restarted.context)).not.toContain('bitcoin');
    expect(await restarted.service.dismissed(undefined, restarted.context)).toHaveLength(1);
    await restarted.service.restore(
      { kind: 'currency', detected: 'bitcoin-new', catalogue: 'bitcoin' },
      restarted.context,
    );
    expect(await ask(restarted.service, restarted.context)).toContain('bitcoin');
    expect(await start().service.dismissed(undefined, restarted.context)).toEqual([]);
  });
});

describe("the team's not-duplicates, where the server offers them", () => {
  function withTeam(offered: boolean) {
    const said: { pair: unknown; call: string }[] = [];
    let team = [
      {
        kind: 'currency' as const,
        detected: 'bitcoin-new',
        catalogue: 'Bitcoin',
        at: '2026-12-01T10:00:00Z',
        by: 'operator2',
      },
    ];
    const service = createDuplicatesService({
      catalogue: { currencies: async () => CATALOGUE, markets: async () => MARKETS },
      dismissals: new DismissalStore({ folderOf: async () => root, log: silentLogger }),
      team: new TeamDismissals({
        offered: async () => offered,
        list: async () => team,
        add: async (pair) => said.push({ pair, call: 'add' }),
        remove: async (pair) => {
          said.push({ pair, call: 'remove' });
          team = [];
        },
      }),
    });
    return { service, said, context: callContext(() => 'operator1') };
  }

  it('leaves out a pair another operator dismissed, lists it with who, and tells the server of each', async () => {
    const { service, said, context } = withTeam(true);
    expect(await ask(service, context)).not.toContain('bitcoin');
    expect(await service.dismissed(undefined, context)).toEqual([
      expect.objectContaining({ detected: 'bitcoin-new', catalogue: 'Bitcoin', by: 'operator2' }),
    ]);
    await service.dismiss(
      { kind: 'currency', detected: 'bitcoin-new', catalogue: 'ethereum' },
      context,
    );
    await service.restore(
      { kind: 'currency', detected: 'bitcoin-new', catalogue: 'Bitcoin' },
      context,
    );
    expect(said).toEqual([
      { call: 'add', pair: { kind: 'currency', detected: 'bitcoin-new', catalogue: 'ethereum' } },
      { call: 'remove', pair: { kind: 'currency', detected: 'bitcoin-new', catalogue: 'Bitcoin' } },
    ]);
    expect(await ask(service, context)).toContain('bitcoin');
  });

  it('against a server without them, neither reads nor tells anything', async () => {
    const { service, said, context } = withTeam(false);
    expect(await ask(service, context)).toContain('bitcoin');
    await service.dismiss(
      { kind: 'currency', detected: 'bitcoin-new', catalogue: 'ethereum' },
      context,
    );
    expect(said).toEqual([]);
    expect(await service.dismissed(undefined, context)).toHaveLength(1);
  });
});

describe('a not-duplicates file that cannot be read', () => {
  it('is kept to memory and never written over', async () => {
    // A folder where the file should be: there, but not readable as a file, nor moved aside here.
    mkdirSync(join(root, 'not-duplicates.json'));
    const store = new DismissalStore({ folderOf: async () => root, log: silentLogger });
    await store.dismiss('operator1', { kind: 'currency', detected: 'a', catalogue: 'b' });
    expect(await store.list('operator1')).toHaveLength(1);
    expect(statSync(join(root, 'not-duplicates.json')).isDirectory()).toBe(true);
  });
});
