import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { FromState } from '../session/fromState';
import { sessionAtom } from '../session/sessionAtoms';

/** SPEC.md 2: without an access token, go to / with the attempted location, replacing history. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const location = useLocation();
  if (!session?.signedIn) {
    const state: FromState = { from: { pathname: location.pathname, search: location.search } };
    return <Navigate to="/" replace state={state} />;
  }
  return <>{children}</>;
}
