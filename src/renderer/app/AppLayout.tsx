import { Alert, App as AntApp, Layout } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { invoke } from '../bridge/bridge';
import { BridgeCallError } from '../bridge/bridgeError';
import { appInfoAtom, userInfoAtom } from '../session/sessionAtoms';
import { PageLoading } from '../ui/PageLoading';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { NavBar } from './NavBar';

/** The frame of every protected screen: navigation bar, demo notice, and the routed page. */
export function AppLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = AntApp.useApp();
  const appInfo = useAtomValue(appInfoAtom);
  const setUserInfo = useSetAtom(userInfoAtom);
  const [loggingOut, setLoggingOut] = useState(false);

  // Confirms with the server who we are on each screen change; this is also what keeps the
  // access token fresh (a 401 here is refreshed and retried by core, unseen by the user).
  useEffect(() => {
    let cancelled = false;
    invoke('session.userInfo').then(
      (info) => !cancelled && setUserInfo(info),
      (error: unknown) => {
        if (cancelled || (error instanceof BridgeCallError && error.code === 'SESSION_ENDED'))
          return;
        setUserInfo(null);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [location.pathname, setUserInfo]);

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
      <NavBar loginScreen={false} onLogout={() => void logout()} loggingOut={loggingOut} />
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
  );
}
