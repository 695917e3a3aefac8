import { Provider as JotaiProvider } from 'jotai';
import { useEffect } from 'react';
import { HashRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { SessionGate } from './SessionGate';
import { StillWorking } from './StillWorking';
import { useDarkTheme } from '../ui/themeChoice';

/**
 * Hash routing: the packaged app loads from a file, where path routing cannot work; browser mode
 * uses the same build.
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
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = dark ? 'dark' : 'light';
    root.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
  return (
    <>
      <StillWorking />
      <HashRouter>
        <SessionGate>
          <AppRoutes />
        </SessionGate>
      </HashRouter>
    </>
  );
}
