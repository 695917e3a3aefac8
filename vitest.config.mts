import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * A worker's test files share its loaded modules, so dependencies (Fastify, PGlite, React, Ant
 * Design) load once per worker, not once per file: the unit stage took 398 s isolated, 255 s
 * sharing (two workers, alone). The setup file gives each file fresh modules of the
 * console's own and puts back what a file stubbed, as if it ran alone.
 */
const SHARED_MODULES = {
  isolate: false,
  setupFiles: ['tests/support/freshModules.setup.ts'],
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/{shared,main,browser,tools,bench}/**/*.test.ts'],
          ...SHARED_MODULES,
        },
      },
      {
        plugins: [react()],
        resolve: {
          // Tests load 'antd' as Node does, from its CommonJS build (lib/); the app's bundle takes
          // its ES build (es/). A deep import of an Ant Design module (a style hook) must come
          // from the same build as 'antd', or it reads another copy of its theme context.
          alias: [{ find: /^antd\/es\/(.*)$/, replacement: 'antd/lib/$1' }],
        },
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['tests/unit/renderer/**/*.test.{ts,tsx}'],
          ...SHARED_MODULES,
          // Fresh modules first, then the DOM's stand-ins and empty storage.
          setupFiles: [...SHARED_MODULES.setupFiles, 'tests/unit/renderer/setup.ts'],
          // Ant Design forms under jsdom take a second or two per test on two busy cores.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          ...SHARED_MODULES,
          // One prepared database per engine, which each suite's servers copy.
          globalSetup: ['tests/support/databaseTemplates.setup.ts'],
          // PGlite start-up and scrypt hashing are slow-ish on two cores.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
