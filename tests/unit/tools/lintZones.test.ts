import { describe, expect, it } from 'vitest';
import { ruleMessages } from './lintText';

/**
 * DESIGN.md's layering is checked by `npm run lint` (eslint.config.mjs): each planted import below
 * breaks one rule and must be refused with its zone's message; the same import from where it is
 * allowed passes. The files are linted as text at those paths; nothing is written.
 */
const zoneErrors = (filePath: string, code: string) =>
  ruleMessages(filePath, code, 'import-x/no-restricted-paths');

describe('the layering lint', () => {
  it('refuses a feature importing another feature', async () => {
    expect(
      await zoneErrors(
        'src/renderer/features/keyword/planted.ts',
        "export { marketArea } from '../market/screens';\n",
      ),
    ).toEqual([expect.stringContaining('A feature never imports another feature')]);
  }, 60_000);

  it('refuses ui/ importing a feature, and a feature importing app/', async () => {
    expect(
      await zoneErrors(
        'src/renderer/ui/planted.ts',
        "export { marketArea } from '../features/market/screens';\n",
      ),
    ).toEqual([expect.stringContaining('ui/ is shared by the features')]);
    expect(
      await zoneErrors(
        'src/renderer/features/market/planted.ts',
        "export { ROUTE_PATHS } from '../../app/routePaths';\n",
      ),
    ).toEqual([expect.stringContaining('Features never import app/')]);
  }, 60_000);

  it('refuses ui/ importing domain/, and domain/ importing a feature or app/', async () => {
    expect(
      await zoneErrors(
        'src/renderer/ui/planted.ts',
        "export { prefsAtom } from '../domain/prefs/prefsState';\n",
      ),
    ).toEqual([expect.stringContaining('knowing no product concept')]);
    expect(
      await zoneErrors(
        'src/renderer/domain/runs/planted.ts',
        "export { marketArea } from '../../features/market/screens';\n",
      ),
    ).toEqual([expect.stringContaining('domain/ is the product logic the features share')]);
    expect(
      await zoneErrors(
        'src/renderer/domain/runs/planted.ts',
        "export { ROUTE_PATHS } from '../../app/routePaths';\n",
      ),
    ).toEqual([expect.stringContaining('domain/ is the product logic the features share')]);
  }, 60_000);

  it('refuses the renderer reaching into main, core the Electron glue, shared the server', async () => {
    expect(
      await zoneErrors(
        'src/renderer/ui/planted.ts',
        "export { createCore } from '../../main/core/createCore';\n",
      ),
    ).toEqual([expect.stringContaining('through the bridge only')]);
    expect(await zoneErrors('src/main/core/planted.ts', "export * from '../window';\n")).toEqual([
      expect.stringContaining('core is plain Node'),
    ]);
    expect(
      await zoneErrors('src/shared/planted.ts', "export { startServer } from '../server/app';\n"),
    ).toEqual([expect.stringContaining('shared is the contract')]);
  }, 60_000);

  it('lets each layer import the one below it', async () => {
    expect(
      await zoneErrors(
        'src/renderer/features/market/planted.ts',
        "export { viewScreen } from '../../domain/screens/screens';\nexport { invoke } from '../../bridge/bridge';\n",
      ),
    ).toEqual([]);
    expect(
      await zoneErrors(
        'src/renderer/domain/runs/planted.ts',
        "export { prefsAtom } from '../prefs/prefsState';\nexport { errorText } from '../../ui/errorText';\nexport { invoke } from '../../bridge/bridge';\n",
      ),
    ).toEqual([]);
    expect(
      await zoneErrors(
        'src/renderer/app/planted.ts',
        "export { marketArea } from '../features/market/screens';\n",
      ),
    ).toEqual([]);
  }, 60_000);
});
