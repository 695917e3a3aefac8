/**
 * Crypto tags and ecosystem tags (SPEC.md 2 "Crypto Tags", "Ecosystem Tag"; their calls, SPEC.md
 * 7), used as a person would, on both servers (kinds.ts says how each is set up and what each
 * can check).
 */
import type { Page } from '@playwright/test';
import {
  answerConfirm,
  bodyOf,
  breakList,
  C,
  count,
  entries,
  errorOf,
  expect,
  filterForm,
  firstPage,
  forEachServer,
  header,
  loadFailure,
  one,
  open,
  query,
  requestsTo,
  rowOf,
  rows,
  test,
  token,
  watch,
} from './kinds';

const TAG_COLUMNS =
  'name, unique_name AS "uniqueName", usages, search, display_on_apps AS "displayOnApps"';
const TAG_ORDER = 'ORDER BY lower(name) COLLATE "C", unique_name';
const CRYPTO_LIST = `${C}/get-crypto-tags-includes-`;
const ECOSYSTEM_LIST = `${C}/get-ecosystem-tags-includes-`;

interface CryptoTag {
  name: string;
  uniqueName: string;
  usages: string[];
  search: boolean;
  displayOnApps: boolean;
}

const sorted = (list: readonly string[]) => [...list].sort();

async function filterCryptoTags(page: Page, contains: string) {
  const form = filterForm(page, 'Crypto tag filter');
  await form.getByLabel('Contains').fill(contains);
  await form.getByRole('button', { name: 'Filter' }).click();
}

async function filterEcosystemTags(page: Page, contains: string) {
  const form = filterForm(page, 'Ecosystem tag filter');
  await form.getByLabel('Ecosystem Tag Contains').fill(contains);
  await form.getByRole('button', { name: 'Filter' }).click();
}

/** What an update of a crypto tag types: one flag changed and one usage added. */
interface TagEdit {
  flag: 'Search' | 'Display On Apps';
  typed: string;
  shown: string;
  usage: string;
  /** The usage then removed. */
  removed: string;
}

forEachServer('crypto tags', (kind) => {
  test("pages of 50; 'Contains' filters; Update adds a usage; a usage is removed after its confirm", async ({
    page,
    app,
    backend,
  }) => {
    let ordered: string[] = [];
    let total: number;
    let tag: CryptoTag;
    let word: string;
    let matching: number;
    let edit: TagEdit;
    if (backend.kind === 'reference') {
      ordered = (
        await query<{ uniqueName: string }>(
          backend.server,
          `SELECT unique_name AS "uniqueName" FROM crypto_tags ${TAG_ORDER}`,
        )
      ).map((t) => t.uniqueName);
      total = ordered.length;
      expect(total).toBeGreaterThan(100);
      tag = await one<CryptoTag>(
        backend.server,
        `SELECT ${TAG_COLUMNS} FROM crypto_tags WHERE cardinality(usages) > 1 ${TAG_ORDER} LIMIT 1 OFFSET 5`,
      );
      word = tag.uniqueName.toUpperCase();
      matching = await count(
        backend.server,
        'SELECT count(*)::int AS n FROM crypto_tags WHERE name ILIKE $1 OR unique_name ILIKE $1',
        [`%${tag.uniqueName}%`],
      );
      edit = {
        flag: 'Display On Apps',
        typed: String(!tag.displayOnApps).toUpperCase(),
        shown: String(!tag.displayOnApps),
        usage: 'e2e usage',
        removed: tag.usages[0]!,
      };
    } else {
      total = backend.provider.state.cryptoTags.length;
      const layer1 = backend.provider.state.cryptoTags.find((t) => t.uniqueName === 'layer-1')!;
      tag = { ...layer1, usages: layer1.usages ?? [] };
      word = 'layer';
      matching = 2;
      edit = {
        flag: 'Search',
        typed: 'True',
        shown: 'true',
        usage: 'l1',
        removed: 'layer-1 token',
      };
    }
    const flagCell = edit.flag === 'Search' ? 2 : 3;

    await open(page, app, '/cryptoTag', 'List Crypto Tags');
    await expect(page.getByRole('tab', { name: 'Add Crypto Tag' })).toBeVisible();
    await expect(header(page)).toHaveText(firstPage(total));
    if (kind === 'reference') {
      // The provider's demo list fits one page; the reference server's has three.
      await page.getByRole('listitem', { name: 'Next page' }).click();
      await expect(header(page)).toHaveText(`You see ( 50 - 100 ) of ${total} results`);
      await expect(rowOf(page, ordered[50]!)).toBeVisible();
      await expect(rowOf(page, ordered[0]!)).toHaveCount(0);
    } else {
      // The provider's answers as they are: layer-2 has null usages.
      await expect(rowOf(page, 'layer-2').getByRole('cell')).toHaveText([
        'Layer 2',
        'layer-2',
        'true',
        'true',
        '-',
        'Update',
      ]);
      await expect(rowOf(page, 'meme').getByRole('cell').nth(3)).toHaveText('false');
    }

    const list = `${CRYPTO_LIST}${word}`;
    const filtered = watch(backend, 'GET', list);
    await filterCryptoTags(page, word);
    await filtered.next();
    await expect(header(page)).toHaveText(`You see ( 0 - ${matching} ) of ${matching} results`);
    if (kind === 'provider') await expect(rowOf(page, 'defi')).toHaveCount(0);
    const row = rowOf(page, tag.uniqueName);
    await expect(row.getByRole('cell')).toHaveText([
      tag.name,
      tag.uniqueName,
      String(tag.search),
      String(tag.displayOnApps),
      entries(...tag.usages),
      'Update',
    ]);

    await row.getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', { name: `Update ${tag.name}` });
    await expect(dialog.getByLabel('Unique Name')).toBeDisabled();
    await expect(dialog.getByLabel('Unique Name')).toHaveValue(tag.uniqueName);
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(tag.name);
    await expect(dialog.getByLabel('Search')).toHaveValue(String(tag.search));
    await expect(dialog.getByLabel('Display On Apps')).toHaveValue(String(tag.displayOnApps));
    await expect(dialog.locator('.ant-select-selection-item')).toHaveCount(0);
    await dialog.getByLabel(edit.flag).fill(edit.typed);
    await dialog.getByLabel('Usages').fill(edit.usage);
    await dialog.getByLabel('Usages').press('Enter');
    let listed = watch(backend, 'GET', list);
    const updated = watch(backend, 'POST', `${C}/update-crypto-tag`);
    await dialog.getByRole('button', { name: 'Update' }).click();
    const sent = await updated.next();
    if (sent) {
      expect(bodyOf(sent)).toEqual({
        uniqueName: 'layer-1',
        name: 'Layer 1',
        search: true,
        displayOnApps: true,
        usages: ['l1'],
      });
    }
    await expect(dialog).toBeHidden();
    // Reloaded with the filter on screen.
    await listed.next();
    await expect(row.getByRole('cell').nth(flagCell)).toHaveText(edit.shown);
    await expect(row.getByLabel(`Remove usage ${edit.usage}`)).toBeVisible();
    if (backend.kind === 'reference') {
      const after = await one<CryptoTag>(
        backend.server,
        `SELECT ${TAG_COLUMNS} FROM crypto_tags WHERE unique_name = $1`,
        [tag.uniqueName],
      );
      expect({ ...after, usages: sorted(after.usages) }).toEqual({
        ...tag,
        displayOnApps: !tag.displayOnApps,
        usages: sorted([...tag.usages, edit.usage]),
      });
    }

    listed = watch(backend, 'GET', list);
    const deleted = watch(backend, 'DELETE', `${C}/delete-usage-of-crypto-tag`);
    await row.getByLabel(`Remove usage ${edit.removed}`).click();
    await answerConfirm(page, 'Are You Sure The Delete This Usage', 'Yes!');
    const removed = await deleted.next();
    if (removed) expect(bodyOf(removed)).toEqual({ uniqueName: 'layer-1', usage: 'layer-1 token' });
    await listed.next();
    await expect(row.getByLabel(`Remove usage ${edit.removed}`)).toHaveCount(0);
    await expect(row.getByLabel(`Remove usage ${edit.usage}`)).toBeVisible();
    if (backend.kind === 'reference') {
      const after = await one<CryptoTag>(
        backend.server,
        'SELECT usages FROM crypto_tags WHERE unique_name = $1',
        [tag.uniqueName],
      );
      expect(sorted(after.usages)).toEqual(
        sorted([...tag.usages.filter((u) => u !== edit.removed), edit.usage]),
      );
    } else {
      expect(
        backend.provider.state.cryptoTags.find((t) => t.uniqueName === 'layer-1')!.usages,
      ).toEqual(['layer-1', 'l1']);
    }
  });

  test('Add Crypto Tag: a bad flag is refused beside the field; good input sends and stores the usages as a list', async ({
    page,
    app,
    backend,
  }) => {
    const uniqueName = `e2e-restaking-${token()}`;
    const total =
      backend.kind === 'reference'
        ? await count(backend.server, 'SELECT count(*)::int AS n FROM crypto_tags')
        : backend.provider.state.cryptoTags.length;
    /** Nothing reached the server: no request (provider), no row (reference server). */
    const nothingAdded = async () => {
      if (backend.kind === 'provider') {
        expect(requestsTo(backend.provider, 'POST', `${C}/add-crypto-tag`)).toHaveLength(0);
      } else {
        expect(
          await count(
            backend.server,
            'SELECT count(*)::int AS n FROM crypto_tags WHERE unique_name = $1',
            [uniqueName],
          ),
        ).toBe(0);
      }
    };
    await open(page, app, '/cryptoTag/listTags', 'List Crypto Tags');
    await page.getByRole('tab', { name: 'Add Crypto Tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Crypto Tag' });

    // Nothing typed: each required field says so.
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(errorOf(dialog, 'Name')).toHaveText('Please enter Name');
    await expect(errorOf(dialog, 'Unique Name')).toHaveText('Please enter Unique Name');
    await expect(errorOf(dialog, 'Usages')).toHaveCount(0);

    await dialog.getByLabel('Name', { exact: true }).fill('E2E Restaking');
    await dialog.getByLabel('Unique Name').fill(uniqueName);
    await dialog.getByLabel('Usages').fill('restaking, liquid restaking ,, eigen layer');
    await dialog.getByLabel('Search').fill('yes');
    await dialog.getByLabel('Display On Apps').fill('true');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(errorOf(dialog, 'Search')).toHaveText('Search must be true or false');
    await expect(errorOf(dialog, 'Display On Apps')).toHaveCount(0);
    await expect(errorOf(dialog, 'Name')).toHaveCount(0);
    // Nothing was sent and what was typed stays.
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('E2E Restaking');
    await expect(dialog.getByLabel('Usages')).toHaveValue(
      'restaking, liquid restaking ,, eigen layer',
    );
    await nothingAdded();

    await dialog.getByLabel('Search').fill(' False ');
    const listed = watch(backend, 'GET', CRYPTO_LIST);
    const added = watch(backend, 'POST', `${C}/add-crypto-tag`);
    await dialog.getByRole('button', { name: 'Add' }).click();
    const sent = await added.next();
    const expected = {
      name: 'E2E Restaking',
      uniqueName,
      usages: ['restaking', 'liquid restaking', 'eigen layer'],
      search: false,
      displayOnApps: true,
    };
    if (sent) expect(bodyOf(sent)).toEqual(expected);
    await expect(dialog).toBeHidden();
    await listed.next();
    await expect(header(page)).toHaveText(firstPage(total + 1));
    if (backend.kind === 'reference') {
      expect(
        await one<CryptoTag>(
          backend.server,
          `SELECT ${TAG_COLUMNS} FROM crypto_tags WHERE unique_name = $1`,
          [uniqueName],
        ),
      ).toEqual(expected);
    }
    await filterCryptoTags(page, uniqueName);
    await expect(header(page)).toHaveText('You see ( 0 - 1 ) of 1 results');
    const row = rowOf(page, uniqueName);
    await expect(row.getByRole('cell').first()).toHaveText('E2E Restaking');
    await expect(row.getByLabel('Remove usage liquid restaking')).toBeVisible();
    await expect(row.getByLabel('Remove usage eigen layer')).toBeVisible();
  });

  test("a taken unique name is refused with the server's message; the form keeps what was typed", async ({
    page,
    app,
    backend,
  }) => {
    const taken =
      backend.kind === 'reference'
        ? await one<CryptoTag>(
            backend.server,
            `SELECT ${TAG_COLUMNS} FROM crypto_tags ${TAG_ORDER} LIMIT 1 OFFSET 7`,
          )
        : backend.provider.state.cryptoTags.find((t) => t.uniqueName === 'defi')!;
    // Each server words its refusal in its own way.
    const refusal =
      kind === 'reference'
        ? `A crypto tag with unique name "${taken.uniqueName}" already exists.`
        : 'Crypto tag already exists: defi';
    await open(page, app, '/cryptoTag', 'List Crypto Tags');
    await page.getByRole('tab', { name: 'Add Crypto Tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Crypto Tag' });
    await dialog.getByLabel('Name', { exact: true }).fill('E2E Again');
    await dialog.getByLabel('Unique Name').fill(taken.uniqueName);
    await dialog.getByLabel('Usages').fill('again, once more');
    await dialog.getByLabel('Search').fill('true');
    await dialog.getByLabel('Display On Apps').fill('false');
    const added = watch(backend, 'POST', `${C}/add-crypto-tag`);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await added.next();
    await expect(dialog.getByRole('alert')).toContainText(refusal);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('E2E Again');
    await expect(dialog.getByLabel('Unique Name')).toHaveValue(taken.uniqueName);
    await expect(dialog.getByLabel('Usages')).toHaveValue('again, once more');
    await expect(dialog.getByLabel('Search')).toHaveValue('true');
    if (backend.kind === 'reference') {
      expect(
        await query<CryptoTag>(
          backend.server,
          `SELECT ${TAG_COLUMNS} FROM crypto_tags WHERE unique_name = $1`,
          [taken.uniqueName],
        ),
      ).toEqual([taken]);
    } else {
      expect(backend.provider.state.cryptoTags.filter((t) => t.uniqueName === 'defi')).toHaveLength(
        1,
      );
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});

// ---------------------------------------------------------------------------------------------
// Ecosystem tags (/ecosystemTag)

forEachServer('ecosystem tags', () => {
  test("'Ecosystem Tag Contains' filters; Update is the only action and renames the tag", async ({
    page,
    app,
    backend,
  }) => {
    let total: number;
    let tag: { name: string; uniqueName: string };
    let word: string;
    let matching: number;
    let renamed: string;
    if (backend.kind === 'reference') {
      total = await count(backend.server, 'SELECT count(*)::int AS n FROM ecosystem_tags');
      tag = await one(
        backend.server,
        `SELECT name, unique_name AS "uniqueName" FROM ecosystem_tags ${TAG_ORDER} LIMIT 1 OFFSET 4`,
      );
      word = tag.uniqueName.split('-')[0]!;
      matching = await count(
        backend.server,
        'SELECT count(*)::int AS n FROM ecosystem_tags WHERE name ILIKE $1 OR unique_name ILIKE $1',
        [`%${word}%`],
      );
      renamed = `${tag.name} E2E ${token()}`;
    } else {
      total = backend.provider.state.ecosystemTags.length;
      tag = { name: 'Solana Ecosystem', uniqueName: 'solana-ecosystem' };
      word = 'sol';
      matching = 1;
      renamed = 'Solana Network';
    }

    await open(page, app, '/ecosystemTag', 'Ecosystem Tag');
    await expect(header(page)).toHaveText(firstPage(total));
    const list = `${ECOSYSTEM_LIST}${word}`;
    const filtered = watch(backend, 'GET', list);
    await filterEcosystemTags(page, word);
    await filtered.next();
    await expect(header(page)).toHaveText(`You see ( 0 - ${matching} ) of ${matching} results`);
    const row = rowOf(page, tag.uniqueName);
    await expect(row.getByRole('cell')).toHaveText([tag.name, tag.uniqueName, 'Update']);
    // Update is the only write; History (issue 49) reads the user's own journal.
    await expect(row.getByRole('button')).toHaveText(['Update', '']);
    await expect(row.getByRole('button', { name: 'History' })).toBeVisible();

    await row.getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', { name: `Update ${tag.name}` });
    await expect(dialog.getByLabel('Unique Name')).toBeDisabled();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(tag.name);
    await dialog.getByLabel('Name', { exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(errorOf(dialog, 'Name')).toHaveText('Please enter Name');
    await dialog.getByLabel('Name', { exact: true }).fill(renamed);
    const listed = watch(backend, 'GET', list);
    const updated = watch(backend, 'POST', `${C}/update-ecosystem-tag`);
    await dialog.getByRole('button', { name: 'Update' }).click();
    const sent = await updated.next();
    if (sent) expect(bodyOf(sent)).toEqual({ uniqueName: tag.uniqueName, name: renamed });
    await expect(dialog).toBeHidden();
    await listed.next();
    await expect(row.getByRole('cell').first()).toHaveText(renamed);
    if (backend.kind === 'reference') {
      expect(
        await one<{ name: string }>(
          backend.server,
          'SELECT name FROM ecosystem_tags WHERE unique_name = $1',
          [tag.uniqueName],
        ),
      ).toEqual({ name: renamed });
    }
  });

  test('a failed ecosystem tag list shows its message with the list emptied; Try Again recovers', async ({
    page,
    app,
    backend,
  }) => {
    const total =
      backend.kind === 'reference'
        ? await count(backend.server, 'SELECT count(*)::int AS n FROM ecosystem_tags')
        : backend.provider.state.ecosystemTags.length;
    await open(page, app, '/ecosystemTag', 'Ecosystem Tag');
    await expect(header(page)).toHaveText(firstPage(total));

    const list = `${ECOSYSTEM_LIST}eco`;
    const broken = await breakList(
      backend,
      'ecosystem_tags',
      'ecosystemTags',
      'Ecosystem tag store is offline',
    );
    try {
      const failed = watch(backend, 'GET', list);
      await filterEcosystemTags(page, 'eco');
      await failed.next();
      await expect(loadFailure(page)).toContainText('The list could not be loaded');
      await expect(loadFailure(page)).toContainText(broken.message);
      await expect(header(page)).toHaveText('You see ( 0 - 0 ) of 0 results');
      await expect(rows(page)).toHaveCount(0);
    } finally {
      await broken.restore();
    }

    let eco: number;
    let first: string;
    if (backend.kind === 'reference') {
      const matching = await query<{ uniqueName: string }>(
        backend.server,
        `SELECT unique_name AS "uniqueName" FROM ecosystem_tags
          WHERE name ILIKE '%eco%' OR unique_name ILIKE '%eco%' ${TAG_ORDER}`,
      );
      eco = matching.length;
      first = matching[0]!.uniqueName;
    } else {
      // Every ecosystem tag of the provider's demo data says 'ecosystem'.
      eco = total;
      first = 'ton-ecosystem';
    }
    const tried = watch(backend, 'GET', list);
    await loadFailure(page).getByRole('button', { name: 'Try Again' }).click();
    await tried.next();
    await expect(loadFailure(page)).toHaveCount(0);
    await expect(header(page)).toHaveText(firstPage(eco));
    await expect(rowOf(page, first)).toBeVisible();
  });
});
