import { Alert, Layout } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import type { NavigateFunction } from 'react-router-dom';
import { invoke, onBridgeEvent } from '../bridge/bridge';
import { forgetDrafts } from '../session/drafts';
import { clearSignOutPending, markSignOutPending } from '../session/pendingSignOut';
import { appInfoAtom, sessionAtom, SIGNED_OUT, signOutMessageAtom } from '../session/sessionAtoms';
import { watchForStaleSession } from '../session/staleSession';
import { errorText } from '../ui/errorText';
import { useStableCallback } from '../ui/useStableCallback';
import { FrameUrl, RoutedPage } from './frameRouting';
import { NavBar } from '../ui/NavBar';
import { SideMenu } from './SideMenu';
import { useOpenLinkEvents } from './useOpenLinkEvents';
import { useUpdateFeed } from '../domain/updates/updateState';
import { InterruptedRuns } from '../domain/runs/InterruptedRuns';
import { RunsDrawer } from '../domain/runs/RunsDrawer';
import { RunsIndicator } from '../domain/runs/RunsIndicator';
import { ReviewingNow } from '../domain/claims/ReviewingNow';
import { QualityWarningIndicator, useQualityWarningFeed } from '../domain/audit/qualityWarning';
import { useRunsFeed } from '../domain/runs/runsState';
import { usePrefsFeed } from '../domain/prefs/prefsState';
import { useExtensionsFeed } from '../domain/insight/extensionsState';
import { BreakReminder } from '../domain/shift/BreakReminder';
import { ShiftFigure } from '../domain/shift/ShiftFigure';
import { UpdateProgress, UpdateReadyNotice } from './updates';
import { useOutboxFeed } from '../domain/outbox/outboxState';
import { ConnectionIndicator } from '../domain/outbox/ConnectionIndicator';
import { OutboxDrawer } from '../domain/outbox/OutboxDrawer';
import { useSignOutQuestion } from '../domain/outbox/useSignOutQuestion';

/**
 * The frame of every protected screen: the navigation bar across the top, the side menu of areas,
 * the demo, update and interrupted-run notices and the routed page. While it is shown it follows
 * the updater and the user's runs (the top bar's progress, the runs drawer), remembers the screen
 * for the next start-up and tells the trusted side when the session may have gone stale.
 */
export function AppLayout() {
  // Not useNavigate or useLocation here: the frame would be drawn again on every change of the
  // URL (frameRouting.tsx).
  const navigateRef = useRef<NavigateFunction | null>(null);
  const appInfo = useAtomValue(appInfoAtom);
  const username = useAtomValue(sessionAtom)?.username ?? null;
  const setSession = useSetAtom(sessionAtom);
  const setSignOutMessage = useSetAtom(signOutMessageAtom);
  useUpdateFeed();
  useRunsFeed();
  usePrefsFeed();
  useExtensionsFeed();
  useOpenLinkEvents();
  useQualityWarningFeed();
  useOutboxFeed();

  useEffect(() => watchForStaleSession(() => invoke('session.stale')), []);

  // SPEC.md 4: local sign-out always happens, and it happens now. The page forgets the session
  // and the drafts and shows the login screen before core is even asked; core then ends its own
  // session at once and calls the provider behind it. A bridge that fails leaves the page signed
  // out all the same (the login screen would otherwise send the user back to /filter), and the
  // next load finishes the sign-out in core before anything else (pendingSignOut.ts).
  const logout = () => {
    markSignOutPending();
    setSession(SIGNED_OUT);
    forgetDrafts();
    void navigateRef.current?.('/', { replace: true });
    // Said above the login form: this frame, and Ant Design's messages with it, is gone by then.
    invoke('session.signOut').then(clearSignOutPending, (error: unknown) => {
      setSignOutMessage(errorText(error));
    });
  };

  // Decisions still waiting to be sent are asked about first (issue 50), from the Log Out button
  // and from the desktop app's File menu alike.
  const { ask: askSignOut, question: signOutQuestion } = useSignOutQuestion(logout);
  const askFromMenu = useStableCallback(askSignOut);
  useEffect(
    () =>
      onBridgeEvent((event) => {
        if (event.type === 'app.signOutAsked') askFromMenu();
      }),
    [askFromMenu],
  );

  return (
    <Layout className="dqc-shell">
      <FrameUrl username={username} navigateRef={navigateRef} />
      <NavBar
        onLogout={askSignOut}
        status={
          <>
            <ConnectionIndicator />
            <ReviewingNow />
            <QualityWarningIndicator />
            <ShiftFigure />
            <RunsIndicator />
            <UpdateProgress />
          </>
        }
      />
      <RunsDrawer />
      <OutboxDrawer />
      {signOutQuestion}
      <BreakReminder />
      <Layout hasSider>
        <SideMenu />
        <Layout>
          <UpdateReadyNotice />
          <InterruptedRuns />
          {appInfo?.demo && (
            <Alert
              banner
              type="info"
              className="dqc-demo-banner"
              title="Demo data: this console is connected to its embedded demo server, not to the provider's API."
            />
          )}
          <Layout.Content className="dqc-content">
            <RoutedPage />
          </Layout.Content>
        </Layout>
      </Layout>
    </Layout>
  );
}
