import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { cacheComputedStyle } from './computedStyleCache';
import { keepVisibilityRulesOnly } from './visibilityRulesOnly';

// The renderer's test files share their worker's window (vitest.config.mts: isolate false): each
// starts with empty storage (drafts, views, the last screen), as if it ran alone.
localStorage.clear();
sessionStorage.clear();
// Nor does a hash route an earlier file navigated to stay: a screen's own URL write checks the
// window's hash (ownUrlWrite.ts, stillShowing), which a memory router's test must not inherit.
window.location.hash = '';

// Ant Design's responsive helpers need matchMedia, which jsdom does not implement.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

afterEach(() => cleanup());

// Route screens are lazy chunks; on a loaded two-core CI machine the first import of a large one
// (Review) can take longer than the default second.
configure({ asyncUtilTimeout: 10_000 });

// Ant Design's Menu and Tabs measure themselves with ResizeObserver, also missing in jsdom.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });

// Style sheets cut to the declarations that decide visibility (visibilityRulesOnly.ts), and
// computed styles answered once per element until the document changes (computedStyleCache.ts).
keepVisibilityRulesOnly(window);
cacheComputedStyle(window);
