import { ESLint } from 'eslint';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../../..');
let eslint: ESLint | null = null;

/**
 * The messages of one rule for `code` linted as if it were the file at `filePath` (from the
 * project's root), with the project's own eslint.config.mjs. Nothing is written.
 */
export async function ruleMessages(
  filePath: string,
  code: string,
  ruleId: string,
): Promise<string[]> {
  eslint ??= new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: resolve(root, filePath) });
  return result!.messages
    .filter((message) => message.ruleId === ruleId)
    .map((message) => message.message);
}
