import { vi } from 'vitest';
import type { Currency } from '../../../src/shared/api/records';
import type { Envelope } from '../../../src/shared/bridge';
import type { CataloguePagePayload } from '../../../src/shared/catalogue';
import { CURRENCY_PAGE_SIZE } from '../../../src/shared/constants';

/**
 * 'currencies.cataloguePage' for a fake bridge: core's answer (a page of 50, the total, the page
 * shown, the last when past the end) from a stand-in for the provider's two list calls, which the
 * test can count. What core holds and when it asks again is core's (tests/unit/main/catalogue*).
 */
export function fakeCataloguePage(provider: {
  all(): Envelope<Currency[]>;
  includes?(text: string): Envelope<Currency[]>;
}) {
  const read = vi.fn((text: string) => (text ? provider.includes!(text) : provider.all()));
  const answer = (payload: unknown): Envelope<unknown> => {
    const { contains = '', page = 0 } = payload as CataloguePagePayload;
    const list = read(contains.trim());
    if (!list.ok) return list;
    const last = Math.max(0, Math.ceil(list.data.length / CURRENCY_PAGE_SIZE) - 1);
    const shown = Math.min(page, last);
    const start = shown * CURRENCY_PAGE_SIZE;
    return {
      ok: true,
      data: {
        rows: list.data.slice(start, start + CURRENCY_PAGE_SIZE),
        total: list.data.length,
        page: shown,
      },
    };
  };
  return { read, answer };
}
