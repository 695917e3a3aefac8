import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { onBridgeEvent } from '../bridge/bridge';
import { FILTERS_FROM_URL } from '../domain/views/viewLink';
import { isProtectedPath } from './routePaths';

/**
 * A dqc-console:// link the desktop app received while running (main checked it; the
 * `app.openLink` event) opens its screen with the link's filters. The path is checked again here
 * against the route table: only one of the console's own screens ever opens.
 */
export function useOpenLinkEvents(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      onBridgeEvent((event) => {
        if (event.type !== 'app.openLink') return;
        const [pathname] = event.path.split('?');
        if (!pathname || !isProtectedPath(pathname)) return;
        void navigate(event.path, { state: FILTERS_FROM_URL });
      }),
    [navigate],
  );
}
