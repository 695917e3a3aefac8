import { describe, expect, it } from 'vitest';
import { ruleMessages } from './lintText';

/**
 * Ant Design's internals are reached through one adapter, src/renderer/ui/antdInternals.ts
 * (DESIGN.md, Renderer): eslint.config.mjs refuses `antd/es/*`, `antd/lib/*` and
 * `@ant-design/cssinjs*` in any other renderer file, while the renderer's other import bounds
 * still hold in the adapter. Planted code is linted as text at those paths; nothing is written.
 */
const importErrors = (filePath: string, code: string) =>
  ruleMessages(filePath, code, 'no-restricted-imports');

const INTERNALS = `import useTableStyle from 'antd/es/table/style';
import destroyFns from 'antd/lib/modal/destroyFns';
import { useStyleRegister } from '@ant-design/cssinjs';
export { destroyFns, useStyleRegister, useTableStyle };
`;

describe('the Ant Design internals lint', () => {
  it('refuses an import of Ant Design internals outside the adapter, in ui/ or a feature', async () => {
    const refusal = expect.stringContaining('go through ui/antdInternals.ts');
    expect(await importErrors('src/renderer/ui/resource/planted.ts', INTERNALS)).toEqual([
      refusal,
      refusal,
      refusal,
    ]);
    expect(
      await importErrors(
        'src/renderer/features/shift/planted.ts',
        "import type { ColumnsType } from 'antd/es/table';\nexport type Columns = ColumnsType<object>;\n",
      ),
    ).toEqual([refusal]);
  }, 60_000);

  it('lets the adapter import them, and the rest import antd itself', async () => {
    expect(await importErrors('src/renderer/ui/antdInternals.ts', INTERNALS)).toEqual([]);
    expect(
      await importErrors(
        'src/renderer/features/shift/planted.ts',
        "export { Table, type TableColumnsType } from 'antd';\n",
      ),
    ).toEqual([]);
  }, 60_000);

  it('keeps the renderer out of main in the adapter too', async () => {
    expect(
      await importErrors(
        'src/renderer/ui/antdInternals.ts',
        "export { createCore } from '../../main/core/createCore';\n",
      ),
    ).toEqual([expect.stringContaining('through the bridge only')]);
  }, 60_000);
});
