/**
 * Export… on Review (docs/user-guide.md, A reviewer's shift) in browser mode against the reference
 * server: a filter of 300 seeded tweets (some whose message a spreadsheet would run as a formula)
 * exported as CSV, the download caught as the browser saves it, and the file read back with a CSV
 * parser: every result of the filter, not only the page, under the header of the columns shown,
 * formulas neutralised. The dialog is checked with axe in both themes.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { exportColumnsOf } from '../../src/renderer/features/review/reviewExport';
import { blockingViolations } from './axe';
import { expect, header, openSignedIn, test } from './fixtures';

const SEEDED = 300;

test.describe('Export… on Review', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const scheme of ['light', 'dark'] as const) {
    test(`exports a filter of ${SEEDED} items as CSV and the file reads back (${scheme} theme)`, async ({
      page,
      app,
      server,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const keyword = `export${randomUUID().slice(0, 8)}`;
      // Every 25th message starts with '=': a formula, if a spreadsheet were to run it.
      const rows = await server.context.db.query<{ id: string }>(
        `INSERT INTO tweets (tweet_id, twitter_user_name, account_name, url, message, tweet_time,
           detect_time, detected_keywords, selected)
         SELECT '${keyword}-' || g, 'exporter', 'exporter', 'https://x.com/exporter/status/' || g,
           CASE WHEN g % 25 = 0 THEN '=HYPERLINK("https://x.example") ${keyword} #' || g
                ELSE 'coins, "quoted" ${keyword} #' || g END,
           timestamp '2024-02-01' + g * interval '1 minute',
           timestamp '2024-02-01' + g * interval '1 minute', ARRAY['${keyword}'], true
         FROM generate_series(1, ${SEEDED}) AS g RETURNING id`,
      );
      const ids = rows.map((row) => String(row.id)).sort();

      await openSignedIn(page, app, '/filter');
      await expect(header(page)).toBeVisible({ timeout: 30_000 });
      const filter = page.getByRole('form', { name: 'Review filter' });
      // The first screen of a fresh console may still be settling its filters from the URL when
      // the keyword is typed: the filter is applied again until the list shows it.
      await expect(async () => {
        await filter.getByLabel('Filter with Keyword').fill(keyword);
        await filter.getByRole('button', { name: /Filter$/ }).click();
        await expect(header(page)).toHaveText(`You see ( 0 - 20 ) of ${SEEDED} results`, {
          timeout: 5_000,
        });
      }).toPass({ timeout: 45_000 });

      await page.getByRole('button', { name: 'Export…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Export Review: tweets' });
      await expect(dialog.getByText(`${SEEDED} results`)).toBeVisible();
      await expect(dialog.getByRole('radio', { name: 'CSV' })).toBeChecked();
      await expect(dialog.getByRole('radio', { name: 'Columns shown' })).toBeChecked();
      expect(await blockingViolations(page)).toEqual([]);

      const downloading = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Start' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^review-tweets-\d{4}-\d{2}-\d{2}\.csv$/);
      await expect(dialog.getByText(`Downloaded ${download.suggestedFilename()}`)).toBeVisible();
      expect(await blockingViolations(page)).toEqual([]);

      const bytes = await readFile(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const records = parse(bytes.toString('utf8'), { bom: true }) as string[][];
      const columns = exportColumnsOf('tweets');
      expect(records[0]).toEqual(columns.map((column) => column.title));
      const body = records.slice(1);
      expect(body).toHaveLength(SEEDED);
      const idAt = columns.findIndex((column) => column.key === 'id');
      const messageAt = columns.findIndex((column) => column.key === 'message');
      expect(body.map((row) => row[idAt]).sort()).toEqual(ids);
      const messages = body.map((row) => row[messageAt]!);
      expect(messages.filter((message) => message.startsWith('='))).toEqual([]);
      expect(messages).toContain(`'=HYPERLINK("https://x.example") ${keyword} #25`);
      expect(messages).toContain(`coins, "quoted" ${keyword} #1`);

      // The download is served once: the same address again is gone.
      const again = await page.request.get(download.url());
      expect(again.status()).toBe(404);
    });
  }
});
