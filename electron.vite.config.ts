import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { resolve } from 'node:path';
import { contentSecurityPolicy } from './src/shared/csp';
import { sizeReport } from './tools/sizeReport';

/**
 * The strict CSP goes into the built page only: the dev server needs an inline script for fast
 * refresh. Electron also sends it as a header (src/main/appProtocol.ts on app://, and
 * src/main/window.ts for the dev server).
 */
function cspMeta(): Plugin {
  // Browser mode's bridge is a loopback WebSocket; the desktop app never opens one.
  const policy = contentSecurityPolicy(['ws://127.0.0.1:*'], 'meta');
  return {
    name: 'dqc-csp-meta',
    apply: 'build',
    transformIndexHtml: (html) =>
      html.replace(
        '<head>',
        `<head>\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`,
      ),
  };
}

const nodeModules = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

/**
 * Vendor code in a few named chunks; screens stay one lazy chunk each, and what several screens
 * share is left to Rolldown's automatic splitting, so no screen loads another's components.
 */
const RENDERER_CHUNKS = [
  // React and the router: every screen, changed only by an upgrade.
  {
    name: 'react',
    test: nodeModules('react|react-dom|scheduler|react-router|react-router-dom'),
    priority: 3,
  },
  // The libraries the shell itself needs (Ant Design's layout, menu, app-wide message and modal,
  // jotai), i.e. those the entry imports statically: the first screen needs nothing else.
  {
    name: 'vendor-shell',
    test: /[\\/]node_modules[\\/]/,
    tags: ['$initial' as const],
    priority: 2,
  },
  // The schemas of the screens' data (zod), loaded with the first screen that reads any.
  { name: 'zod', test: nodeModules('zod'), priority: 1 },
];

export default defineConfig({
  main: {
    build: {
      // keytar is an optional dependency (a machine without libsecret's headers cannot build it):
      // it stays a require of the installed module, never bundled, and is loaded lazily.
      externalizeDeps: { include: ['keytar'] },
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          // The embedded demo server, forked by the glue as a utility process.
          server: resolve(__dirname, 'src/server/cli.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: { input: { index: resolve(__dirname, 'src/preload/index.ts') } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    base: './',
    build: {
      // electron-vite leaves the renderer unminified; minified, the first screen loads a third
      // of the bytes (DESIGN.md: the login screen plus the shell at most 400 KB gzip).
      minify: true,
      // rolldownOptions, not rollupOptions: electron-vite replaces the latter with the former.
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
        output: { codeSplitting: { groups: RENDERER_CHUNKS } },
      },
    },
    plugins: [
      react(),
      cspMeta(),
      sizeReport({ loginModule: 'src/renderer/features/login/LoginPage.tsx' }),
    ],
  },
});
