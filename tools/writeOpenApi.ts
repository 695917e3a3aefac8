import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { OPENAPI_FILE, openApiFileText } from './openApiFile';

/** `npm run openapi`: writes docs/api/openapi.json from the call declarations (src/shared/api). */
async function main() {
  mkdirSync(dirname(OPENAPI_FILE), { recursive: true });
  writeFileSync(OPENAPI_FILE, await openApiFileText());
  console.log(`Wrote ${relative(process.cwd(), OPENAPI_FILE)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
