import { createElement, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageLoading } from '../ui/PageLoading';
import { AppLayout } from './AppLayout';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { lazyWithTimeout } from './lazyWithTimeout';
import { RequireAuth } from './RequireAuth';
import { loadLoginPage, PROTECTED_ROUTES } from './routes';

const LoginPage = lazyWithTimeout(loadLoginPage);

const lazyPages = PROTECTED_ROUTES.map((route) => ({
  ...route,
  Page: lazyWithTimeout(route.load),
}));

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/"
        element={
          <ChunkErrorBoundary>
            <Suspense fallback={<PageLoading />}>
              <LoginPage />
            </Suspense>
          </ChunkErrorBoundary>
        }
      />
      <Route
        element={
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        }
      >
        {lazyPages.map(({ path, Page }) => (
          <Route key={path} path={path} element={createElement(Page)} />
        ))}
      </Route>
      <Route path="*" element={<Navigate to="/filter" replace />} />
    </Routes>
  );
}
