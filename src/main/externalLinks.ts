import type { Shell } from 'electron';
import { BridgeFailure } from './core/bridgeFailure';
import type { ExternalLinksPort } from './core/desktop/desktopPorts';
import { checkExternalLink } from '../shared/externalLink';

/**
 * The desktop app's one way out for a link (RELIABILITY.md, checklist 15): the app.openExternal
 * channel, after the user has seen the host. Checked once more right before the OS gets it, so
 * that nothing but an https:// address reaches shell.openExternal, whoever called this.
 */
export function systemBrowserLinks(shell: Pick<Shell, 'openExternal'>): ExternalLinksPort {
  return {
    async open(href) {
      const link = checkExternalLink(href);
      if (!link.ok) throw new BridgeFailure(400, 'LINK_REFUSED', link.reason);
      await shell.openExternal(link.href);
    },
  };
}
