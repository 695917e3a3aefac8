import { useAtom, useSetAtom } from 'jotai';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { invoke } from '../../bridge/bridge';
import { sessionAtom, signOutMessageAtom } from '../../session/sessionAtoms';
import type { FromState } from '../../session/fromState';
import { errorText } from '../../ui/errorText';
import { draftCount } from '../../session/drafts';
import { MESSAGES } from '../../../shared/messages';
import { warmUpSignedIn } from '../../domain/signIn/signedInWarmup';
import { LoginBar } from './LoginBar';
import { loginErrors, type LoginErrors, type LoginFields } from './loginFields';
import { PasswordInput } from './PasswordInput';
import './login.css';

/** Where to go after sign-in: back to the screen the guard turned away, else Review. */
function destination(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (from?.pathname && from.pathname !== '/') return `${from.pathname}${from.search ?? ''}`;
  return '/filter';
}

/**
 * The login screen (SPEC.md 2): username, password and Log In, with the sign-in's refusal or the
 * reason the session ended above the form.
 *
 * It is the one screen drawn without Ant Design, with the page's own elements styled like Ant
 * Design's (login.css): it is the first thing every user waits for, and evaluating Ant Design and
 * building its theme cost more than the 300 ms budget (docs/performance.md, The first screen) on
 * the 2-core machine class (measured: React alone paints a form in 143 ms at p50, React with a
 * minimal Ant Design form in 247 ms, the previous screen in 560 ms). The signed-in screens' code,
 * Ant Design with it, loads as soon as the user starts typing (warmUpSignedIn), so a sign-in still
 * goes straight to Review.
 */
export function LoginPage() {
  const [session, setSession] = useAtom(sessionAtom);
  const setSignOutMessage = useSetAtom(signOutMessageAtom);
  const [signOutMessage] = useAtom(signOutMessageAtom);
  const location = useLocation();
  const [fields, setFields] = useState<LoginFields>({ username: '', password: '' });
  // Field messages show from the first Log In on, and then follow what is typed.
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();

  // SPEC.md 2 and 4: a signed-in user (isLogged) goes to /filter, replacing history; or back
  // to the screen the guard turned away before sign-in.
  if (session?.signedIn) return <Navigate to={destination(location.state)} replace />;

  const errors: LoginErrors = checked ? loginErrors(fields) : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const found = loginErrors(fields);
    if (found.username || found.password) {
      (found.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const next = await invoke('session.signIn', {
        username: fields.username,
        password: fields.password,
      });
      setSignOutMessage(null);
      setSession(next);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: keyof LoginFields) => ({
    id: `${id}-${name}`,
    name,
    value: fields[name],
    disabled: submitting,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => {
      warmUpSignedIn();
      setFields((now) => ({ ...now, [name]: event.target.value }));
    },
  });
  const fieldError = (name: keyof LoginFields) =>
    errors[name] && (
      <div id={`${id}-${name}-error`} className="dqc-field-error">
        {errors[name]}
      </div>
    );

  return (
    <div className="dqc-shell dqc-login-page">
      <LoginBar onLoginLabel={() => usernameRef.current?.focus()} />
      <main className="dqc-login-card">
        <h1 className="dqc-login-title">Sign in</h1>
        {error && (
          <div className="dqc-alert dqc-alert-error" role="alert">
            {error}
          </div>
        )}
        {!error && signOutMessage && (
          <div className="dqc-alert dqc-alert-warning" role="alert">
            <div>{signOutMessage}</div>
            {draftCount() > 0 && <div className="dqc-alert-description">{MESSAGES.draftsKept}</div>}
          </div>
        )}
        <form noValidate onSubmit={(event) => void submit(event)}>
          <div className="dqc-field">
            <label htmlFor={`${id}-username`}>Username</label>
            <input
              {...field('username')}
              ref={usernameRef}
              className="dqc-input"
              type="text"
              autoComplete="username"
              autoFocus
            />
            {fieldError('username')}
          </div>
          <div className="dqc-field">
            <label htmlFor={`${id}-password`}>Password</label>
            <PasswordInput
              {...field('password')}
              ref={passwordRef}
              autoComplete="current-password"
            />
            {fieldError('password')}
          </div>
          <button
            type="submit"
            className="dqc-button dqc-button-primary dqc-button-block"
            disabled={submitting}
            aria-busy={submitting || undefined}
          >
            {submitting && <span className="dqc-spinner dqc-spinner-small" aria-hidden />}
            Log In
          </button>
        </form>
      </main>
    </div>
  );
}
