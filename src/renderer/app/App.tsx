import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { Provider as JotaiProvider } from 'jotai';
import { useEffect } from 'react';
import { HashRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { SessionGate } from './SessionGate';
import { StillWorking } from './StillWorking';
import { useReducedMotion } from './reducedMotion';
import { themeFor } from './theme';
import { useDarkTheme } from '../ui/themeChoice';

/**
 * Hash routing: the packaged app loads from a file, where path routing cannot work; browser mode
 * uses the same build.
 */
export function App() {
  return (
    <JotaiProvider>
      <ThemedApp />
    </JotaiProvider>
  );
}

/**
 * The light or dark theme, as chosen or as the system is set, and the system's reduced motion.
 * The page itself (app.css and the browser's own scroll bars and form controls) follows through
 * `data-theme` and `color-scheme`.
 */
function ThemedApp() {
  const dark = useDarkTheme();
  const reducedMotion = useReducedMotion();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = dark ? 'dark' : 'light';
    root.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
  return (
    <ConfigProvider
      theme={themeFor(dark, reducedMotion)}
      locale={enGB}
      wave={{ disabled: reducedMotion }}
    >
      <AntApp>
        <StillWorking />
        <HashRouter>
          <SessionGate>
            <AppRoutes />
          </SessionGate>
        </HashRouter>
      </AntApp>
    </ConfigProvider>
  );
}
