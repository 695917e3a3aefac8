import { describe, expect, it } from 'vitest';
import { ruleMessages } from './lintText';

/**
 * Only useConfirm opens Ant Design's hook dialogs, since it is what forgets each once closed
 * (src/renderer/ui/hookDialogRelease.ts): eslint.config.mjs refuses `modal` taken from
 * App.useApp() anywhere else. Planted code is linted as text at those paths; nothing is written.
 */
const dialogErrors = (filePath: string, code: string) =>
  ruleMessages(filePath, code, 'no-restricted-syntax');

const DESTRUCTURED = `import { App } from 'antd';
export function useAsk() {
  const { modal } = App.useApp();
  return () => modal.confirm({ content: 'Sure?' });
}
`;
const KEPT_WHOLE = `import { App } from 'antd';
export function useAsk() {
  const app = App.useApp();
  return () => app.modal.confirm({ content: 'Sure?' });
}
`;

describe('the dialogs lint', () => {
  it('refuses a hook dialog opened outside useConfirm, destructured or kept whole', async () => {
    const refusal = expect.stringContaining('Ask through useConfirm');
    expect(await dialogErrors('src/renderer/features/market/planted.ts', DESTRUCTURED)).toEqual([
      refusal,
    ]);
    expect(await dialogErrors('src/renderer/ui/planted.ts', KEPT_WHOLE)).toEqual([refusal]);
  }, 60_000);

  it('lets useConfirm itself open them', async () => {
    expect(await dialogErrors('src/renderer/ui/confirmAction.ts', DESTRUCTURED)).toEqual([]);
  }, 60_000);
});
