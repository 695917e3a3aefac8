import { Alert, Button, Card, Form, Input, Layout, Typography, type InputRef } from 'antd';
import { useAtom, useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { invoke } from '../../bridge/bridge';
import { NavBar } from '../../ui/NavBar';
import { sessionAtom, signOutMessageAtom } from '../../session/sessionAtoms';
import type { FromState } from '../../session/fromState';
import { errorText } from '../../ui/errorText';
import { draftCount } from '../../session/drafts';
import { MESSAGES } from '../../../shared/messages';

interface LoginForm {
  username: string;
  password: string;
}

/** Where to go after sign-in: back to the screen the guard turned away, else Review. */
function destination(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (from?.pathname && from.pathname !== '/') return `${from.pathname}${from.search ?? ''}`;
  return '/filter';
}

export function LoginPage() {
  const [session, setSession] = useAtom(sessionAtom);
  const setSignOutMessage = useSetAtom(signOutMessageAtom);
  const [signOutMessage] = useAtom(signOutMessageAtom);
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const usernameRef = useRef<InputRef>(null);

  // SPEC.md 2 and 4: a signed-in user (isLogged) goes to /filter, replacing history; or back
  // to the screen the guard turned away before sign-in.
  if (session?.signedIn) return <Navigate to={destination(location.state)} replace />;

  const submit = async (values: LoginForm) => {
    setSubmitting(true);
    setError(null);
    try {
      const next = await invoke('session.signIn', {
        username: values.username,
        password: values.password,
      });
      setSignOutMessage(null);
      setSession(next);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Layout className="dqc-shell">
      <NavBar loginScreen onLoginLabel={() => usernameRef.current?.focus()} />
      <Layout.Content>
        <Card className="dqc-login">
          <Typography.Title level={1}>Sign in</Typography.Title>
          {error && (
            <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />
          )}
          {!error && signOutMessage && (
            <Alert
              type="warning"
              showIcon
              title={signOutMessage}
              description={draftCount() > 0 ? MESSAGES.draftsKept : undefined}
              role="alert"
              style={{ marginBottom: 16 }}
            />
          )}
          <Form<LoginForm>
            layout="vertical"
            onFinish={(values) => void submit(values)}
            requiredMark={false}
            disabled={submitting}
          >
            <Form.Item
              label="Username"
              name="username"
              rules={[{ required: true, whitespace: true, message: 'Enter your username' }]}
            >
              <Input ref={usernameRef} autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item
              label="Password"
              name="password"
              rules={[{ required: true, message: 'Enter your password' }]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              Log In
            </Button>
          </Form>
        </Card>
      </Layout.Content>
    </Layout>
  );
}
