/**
 * The classifier-insight extensions (DESIGN.md, Extensions) against the spec provider, which offers
 * none: the console asks what the server offers once, then shows none of their screens or controls
 * and sends nothing else under /dqc-extensions, and every screen works as before.
 */
import type { SpecProvider } from '../support/specProvider';
import {
  EXTENSIONS_TITLE,
  NO_EXTENSIONS_TEXT,
} from '../../src/renderer/features/about/extensionTexts';
import { NOT_OFFERED_TEXT } from '../../src/renderer/features/modelRuns/modelRunsTexts';
import { blockingViolations } from './axe';
import {
  chooseOption,
  expect,
  header,
  nextRequest,
  openAt,
  requestsTo,
  test,
} from './providerFixtures';
import { KEYWORD_IMPACT_LABEL } from '../../src/renderer/domain/insight/keywordImpactText';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 1280, height: 800 } });

const CAPABILITIES = '/dqc-extensions/capabilities';

/** Every request under /dqc-extensions but the capabilities call. */
const extensionCalls = (provider: SpecProvider) =>
  provider.seen.filter(
    (request) => request.path.startsWith('/dqc-extensions') && request.path !== CAPABILITIES,
  );

test('no Model runs in the side menu, /model-runs says it is not offered, About says there are none', async ({
  page,
  app,
  provider,
}) => {
  await openAt(page, app, '/about');
  await nextRequest(provider, 'GET', CAPABILITIES);
  const extensions = page.getByRole('region', { name: EXTENSIONS_TITLE });
  await expect(extensions).toContainText(NO_EXTENSIONS_TEXT);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Journal', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Model runs' })).toHaveCount(0);

  // Typed (or an old link): the screen says so in a sentence and asks nothing.
  await page.evaluate(() => {
    window.location.hash = '#/model-runs?run=3';
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Model runs' })).toBeVisible();
  await expect(page.getByText(NOT_OFFERED_TEXT)).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);

  // Capabilities was asked once this session, and nothing else under /dqc-extensions.
  expect(requestsTo(provider, 'GET', CAPABILITIES)).toHaveLength(1);
  expect(extensionCalls(provider)).toEqual([]);
});

test('Add Keyword shows no preview, sends no extension call, and saves as before', async ({
  page,
  app,
  provider,
}) => {
  await openAt(page, app, '/keyword/get-keywords');
  await expect(header(page)).toBeVisible({ timeout: 30_000 });
  await nextRequest(provider, 'GET', CAPABILITIES);
  await page.getByRole('tab', { name: 'Add Keyword' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Keyword' });
  await dialog.getByLabel('Keyword').pressSequentially('e2e-absent', { delay: 40 });
  await expect(dialog.getByRole('region', { name: KEYWORD_IMPACT_LABEL })).toHaveCount(0);
  await chooseOption(page, dialog.getByLabel('Type'), 'IMPORTANT');
  const before = requestsTo(provider, 'POST', '/twitter-service/add-keyword').length;
  await dialog.getByRole('button', { name: 'Add' }).click();
  await nextRequest(provider, 'POST', '/twitter-service/add-keyword', before);
  await expect(dialog).toHaveCount(0);
  // Typing, choosing and saving took longer than the preview's pause: it never asked.
  expect(extensionCalls(provider)).toEqual([]);
});
