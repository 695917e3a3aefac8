import { useSetAtom } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { onBridgeEvent } from '../bridge/bridge';
import { draftsBelongTo, draftsFollow } from '../session/drafts';
import { appInfoAtom, sessionAtom, SIGNED_OUT, signOutMessageAtom } from '../session/sessionAtoms';
import { errorText } from '../ui/errorText';
import { lastScreenOf } from './lastScreen';
import { ShellFailure, ShellSpinner } from './ShellViews';
import { takeStartupRestore } from './startupRestore';
import type { SessionView } from '../../shared/auth';

/** The user's last screen, when a restored session opens on / (DESIGN.md, per-user local data). */
function lastScreenToOpen(session: SessionView, pathname: string): string | null {
  return session.signedIn && pathname === '/' ? lastScreenOf(session.username) : null;
}

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
  const navigate = useNavigate();
  const location = useLocation();
  // The restore begun as the page loaded, taken once per mount; its answer is often already here.
  const [restore] = useState(takeStartupRestore);
  // An answer already here is the state of the first render: a signed-out user sees the login
  // screen in the first frame. Only a restored session opening on / goes through one frame of
  // the spinner, to reach its last screen. Decided once, at mount.
  const [readyAt] = useState(() => {
    const ready = restore.settled;
    return ready && !lastScreenToOpen(ready[1], location.pathname) ? ready : null;
  });
  useHydrateAtoms([[appInfoAtom, readyAt?.[0] ?? null]] as const);
  useHydrateAtoms([[sessionAtom, readyAt?.[1] ?? null]] as const);
  const [phase, setPhase] = useState<'restoring' | 'ready' | 'failed'>(() => {
    if (!readyAt) return 'restoring';
    draftsBelongTo(readyAt[1].username);
    return 'ready';
  });
  const [failure, setFailure] = useState<string | null>(null);
  // The last screen a restored session is being taken to: ready once the router is there (React's
  // pattern for state that follows a render's input, without an effect's extra frame).
  const [opening, setOpening] = useState<string | null>(null);
  if (opening !== null && location.pathname === opening) {
    setOpening(null);
    setPhase('ready');
  }
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
    if (!readyAt)
      restore.promise.then(
        ([info, session]) => {
          if (cancelled) return;
          setAppInfo(info);
          draftsBelongTo(session.username);
          setSession(session);
          const last = lastScreenToOpen(session, router.current.pathname);
          if (!last) setPhase('ready');
          else {
            // Ready once the router is there: drawn at / first, the login screen would send the
            // restored session to Review instead.
            setOpening(last.split('?')[0]!);
            void router.current.navigate(last, { replace: true });
          }
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
    // The restore and the first render's answer are taken once per mount: they never change.
  }, [readyAt, restore, setAppInfo, setSession, setSignOutMessage]);

  if (phase === 'restoring') return <ShellSpinner label="Starting" />;
  if (phase === 'failed') {
    return (
      <ShellFailure
        title="The console could not start"
        detail={failure}
        onReload={() => window.location.reload()}
      />
    );
  }
  return <>{children}</>;
}
