/**
 * The reference-data screens (SPEC.md 2; their calls, SPEC.md 7) are tested both ways, as
 * DESIGN.md ("Beyond SPEC.md") asks of every screen: against our reference server and against the
 * spec-only provider stand-in. Each behaviour is written once, inside `forEachServer`, and runs
 * once per server kind; the test's `backend` says which it is and carries what only that side can
 * check:
 *
 * - the reference server (PGlite, its demo data) is shared by the tests of a worker, started the
 *   first time one of them needs it: a test picks its rows by querying the database when it
 *   starts, checks what was written there, and never counts on what another test changed;
 * - the provider (tests/support/specProvider) is fresh for every test: its state is its demo data,
 *   a test may change it, and it records every request, so the bodies the console sent are
 *   checked as the provider saw them, and its as-is answers (nulls, missing fields) are shown.
 *
 * A test takes its data from the server it runs against (rows queried on the reference server,
 * the demo state on the provider), then runs one flow. What only one side can check is written in
 * a block for that side: `if (backend.kind === ...)`, or `if (sent)` after `watch(...).next()`,
 * which returns a request on the provider only (its expected body uses the provider's demo data).
 */
import type { Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { startSpecProvider, type SeenRequest, type SpecProvider } from '../../support/specProvider';
import { startTestServer, type TestServer } from '../../support/testServer';
import { expect, launchConsole, openSignedIn, test as base, type ConsoleApp } from '../fixtures';
import { bodyOf, nextRequest, requestsTo } from '../providerFixtures';

export { chooseListedOption, chooseOption, expect, header } from '../fixtures';
export { bodyOf, nextRequest, requestsTo };

export type Kind = 'reference' | 'provider';
export const KINDS: readonly Kind[] = ['reference', 'provider'];

/** The server a test runs against, with the handle only that kind of server offers. */
export type Backend =
  { kind: 'reference'; server: TestServer } | { kind: 'provider'; provider: SpecProvider };

interface Fixtures {
  /** Which server the tests of a describe run against: set by forEachServer. */
  kind: Kind;
  backend: Backend;
  /** The console (real core, built renderer) pointed at the backend. */
  app: ConsoleApp;
}
interface WorkerFixtures {
  /** The worker's reference server, started on first use: a provider-only worker starts none. */
  referenceServer: () => Promise<TestServer>;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  kind: ['reference', { option: true }],
  referenceServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      let started: Promise<TestServer> | undefined;
      await use(() => (started ??= startTestServer('pglite')));
      if (started) await (await started).close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  backend: async ({ kind, referenceServer }, use) => {
    if (kind === 'reference') {
      await use({ kind, server: await referenceServer() });
      return;
    }
    const provider = await startSpecProvider();
    await use({ kind, provider });
    await provider.close();
  },
  app: async ({ backend }, use) => {
    const url = backend.kind === 'reference' ? backend.server.url : backend.provider.url;
    const app = await launchConsole(url);
    await use(app);
    await app.close();
  },
});

const TITLES: Record<Kind, string> = {
  reference: 'on the reference server',
  provider: 'against the spec provider',
};

/**
 * Declares a screen's tests once per server kind, in a describe titled `${screen} on the reference
 * server` and `${screen} against the spec provider`. `declare` gets the kind, so that a behaviour
 * only one side can show is declared for that side alone.
 */
export function forEachServer(screen: string, declare: (kind: Kind) => void) {
  for (const kind of KINDS) {
    test.describe(`${screen} ${TITLES[kind]}`, () => {
      test.use({ kind });
      // A console per test, a server per worker or per test, on a loaded two-core machine.
      test.describe.configure({ timeout: 120_000 });
      declare(kind);
    });
  }
}

/** The configuration service's calls (SPEC.md 7). */
export const C = '/configuration-service/dqc';
/** The Twitter service's calls (SPEC.md 7). */
export const T = '/twitter-service';

export const rows = (page: Page) => page.locator('.ant-table-row');
/** The table row that has a cell showing exactly `text` (a unique name, a pair, a url, an id). */
export const rowOf = (page: Page, text: string) =>
  rows(page).filter({ has: page.getByRole('cell', { name: text, exact: true }) });
export const filterForm = (page: Page, name: string) => page.getByRole('form', { name });
/** One labelled item of a modal's form: its control, its value and its error message. */
export const formItem = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator(`label[title="${label}"]`) });
export const errorOf = (scope: Locator, label: string) =>
  formItem(scope, label).locator(
    '.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)',
  );
export const loadFailure = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'could not be loaded' });
/** A short token that keeps what a test writes apart from everything else on a shared server. */
export const token = () => randomUUID().slice(0, 8);
/** The result range of a list's first page of `n` results. */
export const firstPage = (n: number) => `You see ( 0 - ${Math.min(50, n)} ) of ${n} results`;
/** The text of a cell of removable entries: each entry is followed by its remove button '×'. */
export const entries = (...values: string[]) => values.map((value) => `${value}×`).join('');

/** Opens a list screen signed in, and waits for its heading and its first row. */
export async function open(page: Page, app: ConsoleApp, route: string, heading: string) {
  await openSignedIn(page, app, route);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
}

/** Answers the confirm that says `text`: title WARNING, buttons Close and 'Yes!'. */
export async function answerConfirm(page: Page, text: string, button: 'Yes!' | 'Close') {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('WARNING');
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

// ---------------------------------------------------------------------------------------------
// The reference server's database

export async function query<T extends object>(
  server: TestServer,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return server.context.db.query<T>(sql, params);
}
export async function one<T extends object>(
  server: TestServer,
  sql: string,
  params: unknown[] = [],
): Promise<T> {
  const [row] = await query<T>(server, sql, params);
  expect(row, sql).toBeDefined();
  return row!;
}
export async function count(
  server: TestServer,
  sql: string,
  params: unknown[] = [],
): Promise<number> {
  return (await one<{ n: number }>(server, sql, params)).n;
}

// ---------------------------------------------------------------------------------------------
// The provider's record of requests

/**
 * Marks what the provider has seen of `method path` so far; `next()` then waits for the next such
 * request and returns it. On the reference server, whose results are checked in its database
 * instead, it waits for nothing and returns undefined.
 */
export function watch(backend: Backend, method: string, path: string) {
  const before =
    backend.kind === 'provider' ? requestsTo(backend.provider, method, path).length : 0;
  return {
    next: async (): Promise<SeenRequest | undefined> =>
      backend.kind === 'provider' ? nextRequest(backend.provider, method, path, before) : undefined,
  };
}

/** How many `method path` requests the provider has seen. */
export const seenCount = (provider: SpecProvider, method: string, path: string) =>
  requestsTo(provider, method, path).length;

// ---------------------------------------------------------------------------------------------
// A list that fails

/**
 * Makes a list's call fail until `restore()`: on the reference server its table is renamed, so
 * the server fails with its generic message; on the provider the state's list throws, so the
 * provider answers 500 with the error's text. `message` is what the console then shows.
 */
export async function breakList(
  backend: Backend,
  table: string,
  list: 'markets' | 'configurations' | 'ecosystemTags',
  offline: string,
): Promise<{ message: string; restore: () => Promise<void> }> {
  if (backend.kind === 'reference') {
    const db = backend.server.context.db;
    await db.query(`ALTER TABLE ${table} RENAME TO ${table}_offline`);
    return {
      message: 'The server failed to handle the request.',
      restore: async () => {
        await db.query(`ALTER TABLE ${table}_offline RENAME TO ${table}`);
      },
    };
  }
  const state = backend.provider.state;
  const saved = state[list];
  Object.defineProperty(state, list, {
    configurable: true,
    get() {
      throw new Error(offline);
    },
  });
  return {
    message: offline,
    restore: () => {
      Object.defineProperty(state, list, {
        configurable: true,
        enumerable: true,
        writable: true,
        value: saved,
      });
      return Promise.resolve();
    },
  };
}
