import { createElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/login/LoginPage';
import { AppLayout } from './AppLayout';
import { lazyWithTimeout } from './lazyWithTimeout';
import { RequireAuth } from './RequireAuth';
import { PROTECTED_ROUTES } from './routes';

const lazyPages = PROTECTED_ROUTES.map((route) => ({
  ...route,
  Page: lazyWithTimeout(route.load),
}));

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LoginPage />} />
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
