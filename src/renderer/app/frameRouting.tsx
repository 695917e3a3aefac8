import { useStore } from 'jotai';
import { Suspense, useEffect, type RefObject } from 'react';
import { Outlet, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { PageLoading } from '../ui/PageLoading';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { rememberScreen } from './lastScreen';
import { enterRoute } from '../domain/resource/listOpening';
import { stillShowing } from '../ui/ownUrlWrite';

/*
 * The signed-in frame's only readers of the URL. React Router draws again every component that
 * reads the location (useNavigate reads it too) whenever the URL changes, and the Review screen
 * changes its query with every Filter click and page switch: the frame (bar, menus, notices) would
 * be drawn again for each of them (docs/performance.md, Review and the lists). These render little
 * or nothing, so the frame does not read the URL itself.
 */

/** The routed screen; a failed chunk's error stays with the screen it belongs to. */
export function RoutedPage() {
  const { pathname } = useLocation();
  return (
    <ChunkErrorBoundary key={pathname}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

/**
 * Remembers the screen for the next start-up, and keeps React Router's navigate in `navigateRef`
 * for the frame's own handlers (the sign-out). Drawn first of the frame when the URL changes, so it
 * starts a list's call (listOpening.ts) where the history did not already: the URL the page opened
 * at, or a list entered before any list's chunk had loaded (App.tsx, routeEntry.ts).
 */
export function FrameUrl({
  username,
  navigateRef,
}: {
  username: string | null;
  navigateRef: RefObject<NavigateFunction | null>;
}) {
  const location = useLocation();
  const { pathname, search } = location;
  const navigate = useNavigate();
  const store = useStore();
  // Drawn again while a newer URL waits to be drawn (enteringHistory.ts): not entering this one.
  if (stillShowing(pathname)) enterRoute(location, store);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate, navigateRef]);
  useEffect(() => rememberScreen(username, pathname, search), [username, pathname, search]);
  return null;
}
