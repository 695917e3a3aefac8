// First: starts the session restore and the login chunk before anything below is evaluated.
import './app/bootRestore';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadLoginScreen } from './app/AppRoutes';
import { startupRestoreSettled } from './app/startupRestore';
import './app/shell.css';
import './app/app.css';

/**
 * How long the first render waits for the session restore: usually the restore is in by then and
 * the first screen is drawn directly; a slow one (a keychain prompt, a slow provider) gets the
 * starting spinner after this delay, as before.
 */
const FIRST_RENDER_WAIT_MS = 250;

const loginScreen = preloadLoginScreen(window.location.hash);

void startupRestoreSettled(FIRST_RENDER_WAIT_MS, loginScreen ? [loginScreen] : []).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
