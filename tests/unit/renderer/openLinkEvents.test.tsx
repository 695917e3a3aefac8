import { act, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { ROUTE_PATHS } from '../../../src/renderer/app/routePaths';
import { useOpenLinkEvents } from '../../../src/renderer/app/useOpenLinkEvents';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { filtersFromUrl } from '../../../src/renderer/domain/views/viewLink';
import { APP_LINK_AREAS, appLinkTarget } from '../../../src/shared/appLink';
import { fakeBridge } from './fakeBridge';

/** dqc-console:// links in the window: main's app.openLink event opens the screen. */

const router: { location: Location | null } = { location: null };
function Shell() {
  useOpenLinkEvents();
  const location = useLocation();
  useEffect(() => {
    router.location = location;
  });
  return null;
}

afterEach(() => setBridge(null));

describe('links into the app', () => {
  it('main accepts a link to every screen of the route table', () => {
    for (const { path } of ROUTE_PATHS) {
      expect(APP_LINK_AREAS, path).toContain(path.split('/')[1]);
      expect(appLinkTarget(`dqc-console://open${path}?a=1`)).toBe(`${path}?a=1`);
    }
  });

  it('app.openLink opens a protected screen with its filters, and nothing else', async () => {
    const bridge = fakeBridge({});
    setBridge(bridge);
    render(
      <MemoryRouter initialEntries={['/filter']}>
        <Shell />
      </MemoryRouter>,
    );
    act(() => bridge.push({ type: 'app.openLink', path: '/market/get-markets?contains=btc' }));
    await waitFor(() => expect(router.location?.pathname).toBe('/market/get-markets'));
    expect(router.location?.search).toBe('?contains=btc');
    // The screen applies the link's filters even when its query is empty.
    expect(filtersFromUrl(router.location?.state)).toBe(true);

    act(() => bridge.push({ type: 'app.openLink', path: '/settings?x=1' }));
    act(() => bridge.push({ type: 'app.openLink', path: '/' }));
    expect(router.location?.pathname).toBe('/market/get-markets');
  });
});
