/**
 * The browser suite's global set-up: the prepared PGlite database that each worker's test server
 * copies (tests/support/pgliteTemplate.ts). Its servers are all on PGlite.
 */
import { setUpPgliteTemplate } from '../support/pgliteTemplate';
import { testServerConfig } from '../support/testServer';

export default function setUp(): Promise<() => Promise<void>> {
  return setUpPgliteTemplate(testServerConfig());
}
