import { Provider as JotaiProvider, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { coreHasRead } from '../bridge/coreHasRead';
import { enteringHashHistory } from './enteringHistory';
import { enterRouteIfLoaded } from './routeEntry';
import { sessionAtom } from '../session/sessionAtoms';
import { AppRoutes } from './AppRoutes';
import { SessionGate } from './SessionGate';
import { StillWorking } from './StillWorking';
import { useDarkTheme } from '../ui/themeChoice';

/**
 * Hash routing: the packaged app loads from a file, where path routing cannot work; browser mode
 * uses the same build. Entering a list that core pages starts its call before the router draws
 * anything, and the drawing waits until core has read that call (useEnteringHistory).
 *
 * Nothing here loads Ant Design: the login screen is drawn without it, and the signed-in screens
 * get it, with its theme, from their own chunk (AntShell). What the whole page needs is here: the
 * session gate, the "still working" word and the light or dark page.
 */
export function App() {
  return (
    <JotaiProvider>
      <ThemedPage />
    </JotaiProvider>
  );
}

/**
 * The light or dark theme, as chosen or as the system is set: the page itself (app.css, shell.css
 * and the browser's own scroll bars and form controls) follows through `data-theme` and
 * `color-scheme`; Ant Design follows in AntShell.
 */
function ThemedPage() {
  const dark = useDarkTheme();
  const history = useEnteringHistory();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = dark ? 'dark' : 'light';
    root.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
  return (
    <>
      <StillWorking />
      <HistoryRouter history={history}>
        <SessionGate>
          <AppRoutes />
        </SessionGate>
      </HistoryRouter>
    </>
  );
}

/**
 * The page's hash history (enteringHistory.ts): a change of the URL that enters a list starts the
 * list's opening call (listOpening.ts, once a list's chunk has loaded: routeEntry.ts), and the
 * router draws the new screen once core has read it (coreHasRead.ts), so that drawing the screen
 * does not keep core from sending it. Any other change is drawn at once, as with HashRouter.
 */
function useEnteringHistory() {
  const store = useStore();
  const [history] = useState(() =>
    enteringHashHistory((at) =>
      // Signed out, a list's URL (Back after signing out, an address typed) is the guard's to send
      // to the login screen: no call goes out for it.
      store.get(sessionAtom)?.signedIn && enterRouteIfLoaded(at, store) ? coreHasRead() : null,
    ),
  );
  return history;
}
