import { createElement, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { lazyWithTimeout } from './lazyWithTimeout';
import { opensOnLogin } from './loginChunk';
import { RequireAuth } from './RequireAuth';
import { loadLoginPage, PROTECTED_ROUTES } from './routes';
import { ShellSpinner } from './ShellViews';
import { registerSignedInWarmup } from '../domain/signIn/signedInWarmup';

const LoginPage = lazyWithTimeout(loadLoginPage);

/**
 * Ant Design and the frame of every protected screen, a chunk of its own: the login screen, the
 * first thing every user waits for, loads none of it (LoginPage says why).
 */
const loadAntShell = (): Promise<{ default: ComponentType }> =>
  import('./AntShell').then((module) => ({ default: module.AntShell }));
const AntShell = lazyWithTimeout(loadAntShell);

const lazyPages = PROTECTED_ROUTES.map((route) => ({
  ...route,
  Page: lazyWithTimeout(route.load),
}));

/** Where a sign-in lands (SPEC.md 2): Review. */
const FIRST_SCREEN = '/filter';

/**
 * The login screen made ready to draw while the session is being restored, when the console
 * opens on it: once the restore ends the screen is drawn at once (lazyWithTimeout says why that
 * matters). Only there: a console opened on another screen does not need it.
 */
export function preloadLoginScreen(hash: string): Promise<void> | null {
  return opensOnLogin(hash) ? LoginPage.preload().catch(() => undefined) : null;
}

/**
 * Readies what a signed-in user sees next, Ant Design's frame and Review, so that a sign-in goes
 * straight to Review: the login screen asks for it when the user starts typing (never before it
 * is drawn, which it would slow down). A failure is left to the route, which shows it with a
 * Reload button.
 */
function preloadSignedInShell(): void {
  const review = lazyPages.find((page) => page.path === FIRST_SCREEN);
  void Promise.all([AntShell.preload(), review?.Page.preload()]).catch(() => undefined);
}
registerSignedInWarmup(preloadSignedInShell);

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/"
        element={
          <ChunkErrorBoundary>
            <Suspense fallback={<ShellSpinner label="Loading" />}>
              <LoginPage />
            </Suspense>
          </ChunkErrorBoundary>
        }
      />
      <Route
        element={
          <RequireAuth>
            <ChunkErrorBoundary>
              <Suspense fallback={<ShellSpinner label="Loading" />}>
                <AntShell />
              </Suspense>
            </ChunkErrorBoundary>
          </RequireAuth>
        }
      >
        {lazyPages.map(({ path, Page }) => (
          <Route key={path} path={path} element={createElement(Page)} />
        ))}
      </Route>
      <Route path="*" element={<Navigate to={FIRST_SCREEN} replace />} />
    </Routes>
  );
}
