import type { Configuration } from 'electron-builder';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

/**
 * What `npm run package` hands electron-builder: electron-builder.yml, plus what only the build
 * machine's environment knows. Today that is the Windows publisher (docs/configuration.md, For IT:
 * installers and signing): WIN_PUBLISHER_NAME, set next to the certificate, goes into
 * `win.signtoolOptions.publisherName`, which electron-builder writes into app-update.yml;
 * electron-updater checks every downloaded installer's Authenticode signature against it, and the
 * app refuses updates when app-update.yml names no publisher
 * (src/main/core/desktop/updateSigning.ts). A build that names a publisher must then be signed:
 * forceCodeSigning fails it otherwise.
 */
export function builderConfig(env: Record<string, string | undefined>): Configuration {
  const base = parse(
    readFileSync(resolve(__dirname, 'electron-builder.yml'), 'utf8'),
  ) as Configuration;
  const publisher = env.WIN_PUBLISHER_NAME?.trim();
  if (!publisher) return base;
  return {
    ...base,
    win: {
      ...base.win,
      forceCodeSigning: true,
      signtoolOptions: { ...base.win?.signtoolOptions, publisherName: publisher },
    },
  };
}

export default builderConfig(process.env);
