import { test as base, expect, type Page } from '@playwright/test';
import { startSpecProvider, type SeenRequest, type SpecProvider } from '../support/specProvider';
import { launchConsole, openSignedIn, type ConsoleApp } from './fixtures';

export { chooseListedOption, chooseOption, header, signIn } from './fixtures';
export { expect };

interface ProviderFixtures {
  /**
   * The stand-in of the API provider written from SPEC.md alone (tests/support/specProvider),
   * fresh for every test: its state is the demo data, and what a test changes no other test sees.
   */
  provider: SpecProvider;
  /** The console (real core, built renderer) pointed at that provider. */
  app: ConsoleApp;
}

export const test = base.extend<ProviderFixtures>({
  // eslint-disable-next-line no-empty-pattern
  provider: async ({}, use) => {
    const provider = await startSpecProvider();
    await use(provider);
    await provider.close();
  },
  app: async ({ provider }, use) => {
    const app = await launchConsole(provider.url);
    await use(app);
    await app.close();
  },
});

/** The requests the provider has seen with this method and path, in order. */
export function requestsTo(provider: SpecProvider, method: string, path: string): SeenRequest[] {
  return provider.seen.filter((request) => request.method === method && request.path === path);
}

/**
 * Waits until the provider has seen more than `before` requests with this method and path, and
 * returns the last one.
 */
export async function nextRequest(
  provider: SpecProvider,
  method: string,
  path: string,
  before = 0,
): Promise<SeenRequest> {
  await expect
    .poll(() => requestsTo(provider, method, path).length, {
      message: `${method} ${path} reached the provider`,
    })
    .toBeGreaterThan(before);
  return requestsTo(provider, method, path).at(-1)!;
}

/** The JSON body of a request the provider saw. */
export function bodyOf(request: SeenRequest): unknown {
  return JSON.parse(request.body) as unknown;
}

/** Opens a route of the console (hash route, as the renderer uses) signed in as reviewer1. */
export async function openAt(page: Page, app: ConsoleApp, route: string) {
  await openSignedIn(page, app, route);
}
