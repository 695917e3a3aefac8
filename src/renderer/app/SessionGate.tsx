import { Button, Result, Spin } from 'antd';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { invoke, onBridgeEvent } from '../bridge/bridge';
import { draftsBelongTo, draftsFollow } from '../session/drafts';
import { clearSignOutPending, signOutPending } from '../session/pendingSignOut';
import { appInfoAtom, sessionAtom, SIGNED_OUT, signOutMessageAtom } from '../session/sessionAtoms';
import { errorText } from '../ui/errorText';
import { lastScreenOf } from './lastScreen';

/**
 * Nothing renders until the startup restore attempt has ended, whether it succeeded or not
 * (SPEC.md 2). Also keeps the session atom in step with the trusted side's events.
 *
 * A session restored at start-up on / opens the user's last screen (DESIGN.md, per-user local data: the last screen
 * comes back after a restart); without one, the login screen sends a signed-in user to Review as
 * SPEC.md 2 says, and so does a fresh sign-in.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const setSession = useSetAtom(sessionAtom);
  const setAppInfo = useSetAtom(appInfoAtom);
  const setSignOutMessage = useSetAtom(signOutMessageAtom);
  const [phase, setPhase] = useState<'restoring' | 'ready' | 'failed'>('restoring');
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  // Where the console is, and how to move it, read once the restore has ended: refs, because both
  // change with every navigation and the restore must run once.
  const router = useRef({ navigate, pathname: location.pathname });
  useEffect(() => {
    router.current = { navigate, pathname: location.pathname };
  });

  useEffect(() => {
    const unsubscribe = onBridgeEvent((event) => {
      draftsFollow(event);
      if (event.type === 'session.signedOut') {
        setSession(SIGNED_OUT);
        setSignOutMessage(event.message);
      } else if (event.type === 'session.changed') {
        setSession(event.session);
      }
    });
    let cancelled = false;
    // A Log Out core never heard of (the bridge was gone) is finished before the session is read.
    const signedOutFirst = signOutPending()
      ? invoke('session.signOut').then(clearSignOutPending)
      : Promise.resolve();
    signedOutFirst
      .then(() => Promise.all([invoke('app.info'), invoke('session.get')]))
      .then(
        ([info, session]) => {
          if (cancelled) return;
          setAppInfo(info);
          draftsBelongTo(session.username);
          setSession(session);
          const last = session.signedIn ? lastScreenOf(session.username) : null;
          if (last && router.current.pathname === '/')
            void router.current.navigate(last, { replace: true });
          setPhase('ready');
        },
        (error: unknown) => {
          if (cancelled) return;
          setFailure(errorText(error));
          setPhase('failed');
        },
      );
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [setAppInfo, setSession, setSignOutMessage]);

  if (phase === 'restoring') {
    return (
      <div className="dqc-gate" role="status" aria-label="Starting">
        <Spin size="large" />
      </div>
    );
  }
  if (phase === 'failed') {
    return (
      <Result
        status="error"
        title="The console could not start"
        subTitle={failure}
        extra={<Button onClick={() => window.location.reload()}>Reload</Button>}
      />
    );
  }
  return <>{children}</>;
}
