import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * DESIGN.md's layering, as import zones. Between processes: renderer, preload, main (its glue and
 * core), server, browser and shared each import only what DESIGN.md lets them. Inside the
 * renderer: app -> features -> ui -> session -> bridge, and a feature never imports another.
 */
const FEATURES = readdirSync(new URL('./src/renderer/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** What the renderer never imports: the other processes' code (DESIGN.md, The parts). */
const RENDERER_OUT_OF_BOUNDS = {
  group: ['**/main/**', '**/server/**', '**/browser/**', 'electron'],
  message: 'The renderer reaches the rest through the bridge only (DESIGN.md, The parts).',
};
/** The one module that may import Ant Design's internals (DESIGN.md, Renderer). */
const ANTD_ADAPTER = 'src/renderer/ui/antdInternals.ts';
const ANTD_INTERNALS = {
  group: [
    'antd/es',
    'antd/es/**',
    'antd/lib',
    'antd/lib/**',
    '@ant-design/cssinjs*',
    '@ant-design/cssinjs*/**',
  ],
  message:
    "Ant Design's internals go through ui/antdInternals.ts, the one adapter an upgrade is checked against (DESIGN.md, Renderer).",
};

const zone = (target, from, message, except) => ({
  target,
  from,
  message,
  ...(except ? { except } : {}),
});
const PROCESS_ZONES = [
  zone(
    './src/shared',
    ['./src/renderer', './src/preload', './src/main', './src/server', './src/browser'],
    'shared is the contract: it imports no other part (DESIGN.md, The parts).',
  ),
  zone(
    './src/renderer',
    ['./src/preload', './src/main', './src/server', './src/browser'],
    'The renderer reaches the rest through the bridge only (DESIGN.md, The parts).',
  ),
  zone(
    './src/preload',
    ['./src/renderer', './src/main', './src/server', './src/browser'],
    'preload imports shared only: it is the one narrow bridge (DESIGN.md, The parts).',
  ),
  zone(
    './src/main',
    ['./src/renderer', './src/preload', './src/server', './src/browser'],
    'main imports shared only; the server runs in its own process (DESIGN.md, The parts).',
  ),
  zone(
    './src/main/core',
    './src/main',
    'core is plain Node: the Electron glue passes its implementations in (DESIGN.md, Main process).',
    ['./core'],
  ),
  zone(
    './src/server',
    ['./src/renderer', './src/preload', './src/main', './src/browser'],
    'The server imports shared only (DESIGN.md, The parts).',
  ),
  zone(
    './src/browser',
    ['./src/renderer', './src/preload', './src/server'],
    'Browser mode runs core and serves the built renderer (DESIGN.md, The parts).',
  ),
  zone(
    './src/browser',
    './src/main',
    'Browser mode runs core, never the Electron glue (DESIGN.md, The parts).',
    ['./core'],
  ),
];
const RENDERER_ZONES = [
  ...FEATURES.map((feature) =>
    zone(
      `./src/renderer/features/${feature}`,
      './src/renderer/features',
      'A feature never imports another feature (DESIGN.md, Renderer).',
      [`./${feature}`],
    ),
  ),
  zone(
    './src/renderer/features',
    './src/renderer/app',
    'Features never import app/: what they share lives in domain/, ui/ or session/ (DESIGN.md, Renderer).',
  ),
  zone(
    './src/renderer/domain',
    ['./src/renderer/app', './src/renderer/features'],
    'domain/ is the product logic the features share: it imports neither app/ nor a feature (DESIGN.md, Renderer).',
  ),
  zone(
    './src/renderer/ui',
    ['./src/renderer/app', './src/renderer/features', './src/renderer/domain'],
    'ui/ is shared by the features: widgets any screen could use, knowing no product concept, so it imports neither app/, a feature nor domain/ (DESIGN.md, Renderer).',
  ),
  zone(
    './src/renderer/session',
    ['./src/renderer/app', './src/renderer/features', './src/renderer/domain', './src/renderer/ui'],
    'session/ holds state below the screens: it imports only bridge/ (DESIGN.md, Renderer).',
  ),
  zone(
    './src/renderer/bridge',
    [
      './src/renderer/app',
      './src/renderer/features',
      './src/renderer/domain',
      './src/renderer/ui',
      './src/renderer/session',
    ],
    'bridge/ is the bottom layer of the renderer (DESIGN.md, Renderer).',
  ),
];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'scratch/**',
      // electron-vite bundles its config into a temporary file beside it while a build runs
      // (CI lints and builds side by side).
      '*.config.ts.*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'tests/unit/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Every dialog that asks before an action goes through useConfirm (ui/confirmAction.ts), which
    // also takes it off Ant Design's list of open hook dialogs once closed (hookDialogRelease.ts):
    // a dialog opened from App.useApp().modal anywhere else would stay in memory for the session.
    files: ['src/renderer/**/*.{ts,tsx}'],
    ignores: ['src/renderer/ui/confirmAction.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "VariableDeclarator[init.callee.property.name='useApp'] > ObjectPattern > Property[key.name='modal']",
          message:
            'Ask through useConfirm (ui/confirmAction.ts): a hook dialog opened elsewhere is never forgotten.',
        },
        {
          // `app.modal`, `App.useApp().modal`: the hook dialogs kept whole.
          selector: "MemberExpression[property.name='modal']",
          message:
            'Ask through useConfirm (ui/confirmAction.ts): a hook dialog opened elsewhere is never forgotten.',
        },
      ],
    },
  },
  {
    // The layering of DESIGN.md, enforced: the renderer never reaches into main or server code,
    // and core never imports electron. Ant Design's internals are reached through one adapter
    // (ui/antdInternals.ts, DESIGN.md, Renderer), so that an upgrade that moves them breaks there.
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [RENDERER_OUT_OF_BOUNDS, ANTD_INTERNALS] }],
    },
  },
  {
    files: [ANTD_ADAPTER],
    rules: {
      'no-restricted-imports': ['error', { patterns: [RENDERER_OUT_OF_BOUNDS] }],
    },
  },
  {
    files: [
      'src/main/core/**/*.ts',
      'src/server/**/*.ts',
      'src/shared/**/*.ts',
      'src/browser/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', { paths: ['electron'], patterns: ['**/renderer/**'] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron'],
          patterns: ['**/main/**', '**/server/**', '**/renderer/**', '**/browser/**'],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // How the plugin reads the files an import leads to (no-cycle walks them).
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...PROCESS_ZONES, ...RENDERER_ZONES] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
