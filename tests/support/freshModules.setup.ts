import { afterAll, vi } from 'vitest';

// Test files share their worker's loaded modules (vitest.config.mts: isolate false), which spares
// each file loading its dependencies again. Each file still starts as if alone: the project's own
// modules fresh (module state such as caches, and a file's own vi.mock of a module), and what a
// file stubbed or faked put back when it ends.
vi.resetModules();
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
