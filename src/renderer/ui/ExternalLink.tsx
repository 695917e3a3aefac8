import { Typography } from 'antd';
import type { MouseEvent } from 'react';
import { checkExternalLink } from '../../shared/externalLink';
import { useOpenLink } from './useOpenLink';

/**
 * A web address from item data. An https one is a link that asks before it leaves the console
 * (useOpenLink); anything else (javascript:, file:, http:, a custom scheme) is shown as text only,
 * with the reason on hover. The href stays for what a link is to a reader (its role, its address
 * on hover, "copy link"), but following it does nothing on its own: the click is the confirm's,
 * and the desktop app denies every new window and navigation (src/main/window.ts).
 */
export function ExternalLink({ url }: { url: string | undefined }) {
  const openLink = useOpenLink();
  if (!url) return <>-</>;
  const link = checkExternalLink(url);
  if (!link.ok) return <Typography.Text title={link.reason}>{url}</Typography.Text>;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    openLink(link);
  };
  return (
    <a
      href={link.href}
      target="_blank"
      rel="noreferrer noopener"
      onClick={follow}
      // A middle click opens a new tab in a browser: it asks too.
      onAuxClick={(event) => {
        if (event.button === 1) follow(event);
      }}
    >
      {url}
    </a>
  );
}
