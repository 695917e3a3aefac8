import { Alert, App as AntApp, Layout } from 'antd';
import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { invoke } from '../bridge/bridge';
import { appInfoAtom, sessionAtom } from '../session/sessionAtoms';
import { watchForStaleSession } from '../session/staleSession';
import { PageLoading } from '../ui/PageLoading';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { rememberScreen } from './lastScreen';
import { NavBar } from './NavBar';
import { SideMenu } from './SideMenu';
import { UpdateProgress, UpdateReadyNotice, useUpdateFeed } from './updates';

/**
 * The frame of every protected screen: the navigation bar across the top, the side menu of areas,
 * the demo and update notices and the routed page. While it is shown it follows the updater,
 * remembers the screen for the next start-up and tells the trusted side when the session may have
 * gone stale.
 */
export function AppLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = AntApp.useApp();
  const appInfo = useAtomValue(appInfoAtom);
  const username = useAtomValue(sessionAtom)?.username ?? null;
  const [loggingOut, setLoggingOut] = useState(false);
  useUpdateFeed();

  useEffect(
    () => rememberScreen(username, location.pathname, location.search),
    [username, location.pathname, location.search],
  );
  useEffect(() => watchForStaleSession(() => invoke('session.stale')), []);

  const logout = async () => {
    setLoggingOut(true);
    try {
      await invoke('session.signOut');
    } catch (error) {
      // Core always signs out locally; a failure here is only the bridge itself.
      void message.error(error instanceof Error ? error.message : 'Sign-out failed.');
    } finally {
      setLoggingOut(false);
      void navigate('/', { replace: true });
    }
  };

  return (
    <Layout className="dqc-shell">
      <NavBar
        loginScreen={false}
        onLogout={() => void logout()}
        loggingOut={loggingOut}
        status={<UpdateProgress />}
      />
      <Layout hasSider>
        <SideMenu />
        <Layout>
          <UpdateReadyNotice />
          {appInfo?.demo && (
            <Alert
              banner
              type="info"
              className="dqc-demo-banner"
              title="Demo data: this console is connected to its embedded demo server, not to the provider's API."
            />
          )}
          <Layout.Content className="dqc-content">
            <ChunkErrorBoundary key={location.pathname}>
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </ChunkErrorBoundary>
          </Layout.Content>
        </Layout>
      </Layout>
    </Layout>
  );
}
