import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider as JotaiProvider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { LoginPage } from '../../../src/renderer/features/login/LoginPage';
import { registerSignedInWarmup } from '../../../src/renderer/domain/signIn/signedInWarmup';
import { fakeBridge, ok, signedIn } from './fakeBridge';

afterEach(() => setBridge(null));

function renderLogin(answers: Parameters<typeof fakeBridge>[0] = {}) {
  const bridge = fakeBridge(answers);
  setBridge(bridge);
  render(
    <JotaiProvider>
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>
    </JotaiProvider>,
  );
  return bridge;
}

const formButton = () =>
  screen
    .getAllByRole('button', { name: /Log In/ })
    .find((b) => b.getAttribute('type') === 'submit')!;

describe('login form', () => {
  it('asks for a username and a password before sending anything', async () => {
    const bridge = renderLogin();
    await userEvent.click(formButton());
    expect(screen.getByText('Enter your username')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    const username = screen.getByLabelText('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(username.getAttribute('aria-describedby')).toBe(
      screen.getByText('Enter your username').id,
    );
    expect(document.activeElement).toBe(username);
    expect(bridge.invoke).not.toHaveBeenCalled();
  });

  it('takes a username of spaces as none, and clears a message once the field is filled', async () => {
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), '   ');
    await userEvent.type(screen.getByLabelText('Password'), 'demo');
    await userEvent.click(formButton());
    expect(screen.getByText('Enter your username')).toBeTruthy();
    expect(screen.queryByText('Enter your password')).toBeNull();
    await userEvent.type(screen.getByLabelText('Username'), 'reviewer1');
    expect(screen.queryByText('Enter your username')).toBeNull();
  });

  it('sends what was typed, and holds the form while the sign-in is out', async () => {
    let answer: () => void = () => undefined;
    const bridge = renderLogin();
    bridge.invoke.mockImplementation(
      () => new Promise((resolve) => (answer = () => resolve(ok(signedIn)))),
    );
    await userEvent.type(screen.getByLabelText('Username'), 'Reviewer1 ');
    await userEvent.type(screen.getByLabelText('Password'), 'demo');
    await userEvent.click(formButton());
    expect(bridge.invoke).toHaveBeenCalledWith('session.signIn', {
      username: 'Reviewer1 ',
      password: 'demo',
    });
    expect((screen.getByLabelText('Username') as HTMLInputElement).disabled).toBe(true);
    expect((formButton() as HTMLButtonElement).disabled).toBe(true);
    expect(formButton().getAttribute('aria-busy')).toBe('true');
    await act(async () => answer());
  });

  it('shows what was typed in the password box on request, and hides it again', async () => {
    renderLogin();
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show the characters typed' });
    await userEvent.click(toggle);
    expect(password.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(toggle);
    expect(password.type).toBe('password');
  });

  it('takes the user to the username box from Log In in the bar', async () => {
    renderLogin();
    await userEvent.click(screen.getByLabelText('Password'));
    const bar = screen.getByRole('banner');
    await userEvent.click(
      [...bar.querySelectorAll('button')].find((b) => b.textContent === 'Log In')!,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
  });

  it('starts loading the signed-in screens once the user types, and only once', async () => {
    const warmup = vi.fn();
    registerSignedInWarmup(warmup);
    renderLogin();
    expect(warmup).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Username'), 'rev');
    await userEvent.type(screen.getByLabelText('Password'), 'demo');
    expect(warmup).toHaveBeenCalledOnce();
  });
});
