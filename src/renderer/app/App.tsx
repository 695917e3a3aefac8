import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { Provider as JotaiProvider } from 'jotai';
import { HashRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { SessionGate } from './SessionGate';
import { StillWorking } from './StillWorking';
import { theme } from './theme';

/**
 * Hash routing: the packaged app loads from a file, where path routing cannot work; browser mode
 * uses the same build.
 */
export function App() {
  return (
    <ConfigProvider theme={theme} locale={enGB}>
      <AntApp>
        <StillWorking />
        <JotaiProvider>
          <HashRouter>
            <SessionGate>
              <AppRoutes />
            </SessionGate>
          </HashRouter>
        </JotaiProvider>
      </AntApp>
    </ConfigProvider>
  );
}
