import { describe, expect, it } from 'vitest';
import {
  cryptoTagSchema,
  ecosystemTagSchema,
  type CryptoTag,
  type EcosystemTag,
} from '../../src/server/tags/tagRecords';
import { type CallId, type CallParts, useServer } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

interface Refusal {
  error: string;
  error_description: string;
}

describe.each(ENGINES)('crypto tag and ecosystem tag routes on %s', (engine) => {
  const api = useServer({ engine, user: 'reviewer1' });
  const call = api.call;
  const get = async <T>(id: CallId, parts?: CallParts) => (await call(id, parts)).json<T>();
  const cryptoTag = async (uniqueName: string) =>
    (await get<CryptoTag[]>('tags.getCryptoTagsIncludes', { params: { text: '' } })).find(
      (t) => t.uniqueName === uniqueName,
    );
  const values = async (sql: string) =>
    (await api.server.context.db.query<{ v: string }>(sql)).map((r) => r.v);

  describe('crypto tags', () => {
    it('lists a few hundred tags with usages for the empty includes text, by name', async () => {
      const res = await call('tags.getCryptoTagsIncludes', { params: { text: '' } });
      expect(res.statusCode).toBe(200);
      const all = res.json<CryptoTag[]>();
      expect(all.length).toBeGreaterThanOrEqual(250);
      for (const t of all) expect(cryptoTagSchema.parse(t)).toEqual(t);
      expect(new Set(all.map((t) => t.uniqueName)).size).toBe(all.length);
      expect(all.filter((t) => t.usages.length > 0).length).toBeGreaterThan(200);
      expect(all.some((t) => t.search) && all.some((t) => !t.search)).toBe(true);
      expect(all.some((t) => t.displayOnApps) && all.some((t) => !t.displayOnApps)).toBe(true);
      const names = all.map((t) => t.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      expect(
        await get<CryptoTag[]>('tags.getCryptoTagsIncludes', { params: { text: ' ' } }),
      ).toEqual(all);
    });

    it('has every tag that demo currencies, markets (by unique name) and news (by name) carry', async () => {
      const all = await get<CryptoTag[]>('tags.getCryptoTagsIncludes', { params: { text: '' } });
      const uniqueNames = new Set(all.map((t) => t.uniqueName));
      const names = new Set(all.map((t) => t.name));
      const carried = [
        ...(await values('SELECT DISTINCT unnest(tags) AS v FROM currencies')),
        ...(await values('SELECT DISTINCT unnest(tags) AS v FROM markets')),
      ];
      expect(carried.length).toBeGreaterThan(10);
      for (const tag of carried) expect(uniqueNames, tag).toContain(tag);
      const news = await values('SELECT DISTINCT unnest(tags) AS v FROM news');
      expect(news.length).toBeGreaterThan(5);
      for (const tag of news) expect(names, tag).toContain(tag);
    });

    it('finds by name or unique name, case-insensitively, wildcards taken literally', async () => {
      const solana = await get<CryptoTag[]>('tags.getCryptoTagsIncludes', {
        params: { text: 'SOLANA' },
      });
      expect(solana.length).toBeGreaterThanOrEqual(3);
      for (const t of solana) expect(`${t.name} ${t.uniqueName}`.toLowerCase()).toContain('solana');
      // 'layer-2' is a unique name; 'Layer 2' its name.
      expect(
        (await get<CryptoTag[]>('tags.getCryptoTagsIncludes', { params: { text: 'layer-2' } })).map(
          (t) => t.name,
        ),
      ).toEqual(['Layer 2']);
      expect(
        (await get<CryptoTag[]>('tags.getCryptoTagsIncludes', { params: { text: 'layer 2' } })).map(
          (t) => t.uniqueName,
        ),
      ).toEqual(['layer-2']);
      expect(
        await get<CryptoTag[]>('tags.getCryptoTagsIncludes', { params: { text: '%' } }),
      ).toEqual([]);
      expect(
        await get<CryptoTag[]>('tags.getCryptoTagsIncludes', { params: { text: 'd_f' } }),
      ).toEqual([]);
    });

    it('adds a tag from free text (flags as words, usages trimmed and once); 409 for a taken unique name', async () => {
      const res = await call('tags.addCryptoTag', {
        body: {
          name: 'Restaked ETH',
          uniqueName: 'restaked-eth',
          usages: ['reth', ' ', 'restaked ether', 'reth'],
          search: 'TRUE',
          displayOnApps: 'false',
        },
      });
      expect(res.statusCode).toBe(200);
      const added = {
        name: 'Restaked ETH',
        uniqueName: 'restaked-eth',
        usages: ['reth', 'restaked ether'],
        search: true,
        displayOnApps: false,
      };
      expect(res.json<CryptoTag>()).toEqual(added);
      expect(await cryptoTag('restaked-eth')).toEqual(added);

      const defi = (await cryptoTag('defi'))!;
      const taken = await call('tags.addCryptoTag', {
        body: {
          name: 'Other DeFi',
          uniqueName: 'defi',
          usages: ['x'],
          search: false,
          displayOnApps: false,
        },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json<Refusal>()).toEqual({
        error: 'duplicate',
        error_description: 'A crypto tag with unique name "defi" already exists.',
      });
      expect(await cryptoTag('defi')).toEqual(defi);
    });

    it('add refuses bad flags and missing fields with 400 naming them, adding nothing', async () => {
      const bad = await call('tags.addCryptoTag', {
        body: {
          name: 'Bad',
          uniqueName: 'bad-flags',
          usages: 'a, b',
          search: 'yes',
          displayOnApps: 'maybe',
        },
      });
      expect(bad.statusCode).toBe(400);
      const said = bad.json<Refusal>().error_description;
      expect(said).toContain('search: search must be true or false');
      expect(said).toContain('displayOnApps: displayOnApps must be true or false');
      expect(said).toContain('usages');
      const missing = await call('tags.addCryptoTag', {
        body: {
          uniqueName: 'no-name',
          search: true,
        },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<Refusal>().error_description).toMatch(/name.*displayOnApps/);
      expect(await cryptoTag('bad-flags')).toBeUndefined();
      expect(await cryptoTag('no-name')).toBeUndefined();
    });

    it('update sets name and flags and adds usages; 404 for an unknown tag, 400 for a bad flag', async () => {
      const before = (await cryptoTag('nft'))!;
      const res = await call('tags.updateCryptoTag', {
        body: {
          uniqueName: 'nft',
          name: 'NFTs',
          search: 'false',
          displayOnApps: true,
          usages: ['collectible', before.usages[0]],
        },
      });
      expect(res.statusCode).toBe(200);
      const after = {
        ...before,
        name: 'NFTs',
        search: false,
        displayOnApps: true,
        usages: [...before.usages, 'collectible'].sort(),
      };
      expect(res.json<CryptoTag>()).toEqual(after);
      expect(await cryptoTag('nft')).toEqual(after);

      const unknown = await call('tags.updateCryptoTag', {
        body: {
          uniqueName: 'no-such-tag',
          name: 'X',
          search: true,
          displayOnApps: true,
        },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<Refusal>().error_description).toBe(
        'No crypto tag with unique name "no-such-tag".',
      );
      const bad = await call('tags.updateCryptoTag', {
        body: {
          uniqueName: 'nft',
          name: 'Changed',
          search: 'nope',
          displayOnApps: true,
        },
      });
      expect(bad.statusCode).toBe(400);
      expect(await cryptoTag('nft')).toEqual(after);
    });

    it('removes one usage; 404 for a usage the tag lacks or an unknown tag', async () => {
      const before = (await cryptoTag('etf'))!;
      const usage = before.usages[0]!;
      const res = await call('tags.deleteUsageOfCryptoTag', { body: { uniqueName: 'etf', usage } });
      expect(res.statusCode).toBe(200);
      expect(res.json<CryptoTag>().usages).toEqual(before.usages.slice(1));
      expect(await cryptoTag('etf')).toEqual(res.json<CryptoTag>());
      const again = await call('tags.deleteUsageOfCryptoTag', {
        body: {
          uniqueName: 'etf',
          usage,
        },
      });
      expect(again.statusCode).toBe(404);
      expect(again.json<Refusal>().error_description).toBe(
        `Crypto tag "etf" has no usage "${usage}".`,
      );
      const unknown = await call('tags.deleteUsageOfCryptoTag', {
        body: {
          uniqueName: 'no-such-tag',
          usage,
        },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<Refusal>().error_description).toContain('No crypto tag');
      const empty = await call('tags.deleteUsageOfCryptoTag', { body: { uniqueName: 'etf' } });
      expect(empty.statusCode).toBe(400);
      expect(empty.json<Refusal>().error_description).toContain('usage');
    });
  });

  describe('ecosystem tags', () => {
    it('lists some fifty chain ecosystems for the empty includes text, and finds by text', async () => {
      const res = await call('tags.getEcosystemTagsIncludes', { params: { text: '' } });
      expect(res.statusCode).toBe(200);
      const all = res.json<EcosystemTag[]>();
      expect(all.length).toBeGreaterThanOrEqual(45);
      for (const t of all) expect(ecosystemTagSchema.parse(t)).toEqual(t);
      expect(all.map((t) => t.uniqueName)).toContain('ethereum-ecosystem');
      const eth = await get<EcosystemTag[]>('tags.getEcosystemTagsIncludes', {
        params: { text: 'ETHEREUM' },
      });
      expect(eth).toEqual([{ name: 'Ethereum Ecosystem', uniqueName: 'ethereum-ecosystem' }]);
      // 'bnb-chain' is only in a unique name.
      expect(
        (
          await get<EcosystemTag[]>('tags.getEcosystemTagsIncludes', {
            params: { text: 'bnb-chain' },
          })
        ).map((t) => t.name),
      ).toEqual(['BNB Chain Ecosystem']);
      expect(
        await get<EcosystemTag[]>('tags.getEcosystemTagsIncludes', { params: { text: '%' } }),
      ).toEqual([]);
    });

    it('update renames a tag; 404 for an unknown one, 400 without a name', async () => {
      const res = await call('tags.updateEcosystemTag', {
        body: {
          uniqueName: 'solana-ecosystem',
          name: 'Solana Ecosystem (SVM)',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<EcosystemTag>()).toEqual({
        name: 'Solana Ecosystem (SVM)',
        uniqueName: 'solana-ecosystem',
      });
      expect(
        await get<EcosystemTag[]>('tags.getEcosystemTagsIncludes', { params: { text: 'svm' } }),
      ).toEqual([res.json<EcosystemTag>()]);
      const unknown = await call('tags.updateEcosystemTag', {
        body: {
          uniqueName: 'no-such-ecosystem',
          name: 'X',
        },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<Refusal>().error_description).toBe(
        'No ecosystem tag with unique name "no-such-ecosystem".',
      );
      const noName = await call('tags.updateEcosystemTag', {
        body: {
          uniqueName: 'solana-ecosystem',
          name: '',
        },
      });
      expect(noName.statusCode).toBe(400);
      expect(noName.json<Refusal>().error_description).toContain('name is required');
      expect(
        (
          await get<EcosystemTag[]>('tags.getEcosystemTagsIncludes', {
            params: { text: 'solana-eco' },
          })
        )[0]!.name,
      ).toBe('Solana Ecosystem (SVM)');
    });
  });

  it('the includes searches have trigram indexes where pg_trgm is available (always on PGlite)', async () => {
    const extension = await values(
      "SELECT extname AS v FROM pg_extension WHERE extname = 'pg_trgm'",
    );
    if (engine === 'pglite') expect(extension).toEqual(['pg_trgm']);
    const indexes = await values(
      "SELECT indexname AS v FROM pg_indexes WHERE indexname LIKE '%_trgm'",
    );
    // The review messages' trigram indexes serve keyword impact (migration 9; DESIGN.md,
    // Extensions).
    expect(indexes.sort()).toEqual(
      extension.length
        ? [
            'crypto_tags_name_trgm',
            'ecosystem_tags_name_trgm',
            'markets_name_trgm',
            'news_message_trgm',
            'tweets_message_trgm',
          ]
        : [],
    );
  });
});
