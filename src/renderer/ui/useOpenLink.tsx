import { App, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { isListedHost, type ExternalLink } from '../../shared/externalLink';
import { MESSAGES } from '../../shared/messages';
import { invoke } from '../bridge/bridge';
import { appInfoAtom } from '../session/sessionAtoms';
import { useConfirm } from './confirmAction';
import { errorText } from './errorText';

/**
 * Opens a checked link from item data outside the console (RELIABILITY.md, checklist 15): first a
 * confirm that names the host it goes to and shows the whole address, unless IT lists that host
 * (linkHosts); then app.openExternal, which checks it again. The desktop app opens it in the
 * system browser; browser mode answers it and the page opens a new tab.
 */
export function useOpenLink(): (link: ExternalLink) => void {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const linkHosts = useAtomValue(appInfoAtom)?.linkHosts;
  return useCallback(
    (link: ExternalLink) => {
      const open = async () => {
        try {
          const answer = await invoke('app.openExternal', { url: link.href });
          if (answer.openIn === 'page') window.open(answer.url, '_blank', 'noopener,noreferrer');
        } catch (error) {
          void message.error(errorText(error));
        }
      };
      if (isListedHost(link.host, linkHosts ?? [])) {
        void open();
        return;
      }
      confirm({
        title: MESSAGES.openLinkTitle(link.host),
        content: (
          <Typography.Paragraph className="dqc-link-address" style={{ marginBottom: 0 }}>
            {link.href}
          </Typography.Paragraph>
        ),
        okText: MESSAGES.openLinkOk,
        cancelText: MESSAGES.openLinkCancel,
        danger: false,
        action: open,
      });
    },
    [confirm, message, linkHosts],
  );
}
