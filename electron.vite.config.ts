import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { resolve } from 'node:path';
import { contentSecurityPolicy } from './src/shared/csp';

/**
 * The strict CSP goes into the built page only: the dev server needs an inline script for fast
 * refresh. Electron also sends it as a header (src/main/window.ts).
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

export default defineConfig({
  main: {
    build: {
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
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
    plugins: [react(), cspMeta()],
  },
});
