import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/{shared,main,browser,tools,bench}/**/*.test.ts'],
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
          setupFiles: ['tests/unit/renderer/setup.ts'],
          // Ant Design forms under jsdom take a second or two per test on two busy cores.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
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
