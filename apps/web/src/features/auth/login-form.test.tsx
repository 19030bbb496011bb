import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster';
import { useAuthDialog } from './auth-dialog-store';
import { useAuthStore } from './auth-store';
import { LoginForm } from './components/login-form';

/** The server answers every login with `answer`; the request body is kept for inspection. */
function serverAnswers(status: number, body: unknown) {
  const requests: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      requests.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}'));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}

const failure = (errorCode: number, description: string) => ({ errors: [{ errorCode, name: 'X', description }] });

async function submit(email = 'player@example.com', password = 'Crown&Coins2026') {
  const onRegister = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LoginForm onRegister={onRegister} />
      <Toaster />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return { onRegister };
}

describe('the Sign-in form (seed 000 sections 4 and 8)', () => {
  beforeEach(() => {
    useAuthStore.getState().clear();
    useAuthDialog.setState({ open: 'login', email: undefined });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the password base64-encoded and stores the player on success', async () => {
    const requests = serverAnswers(200, {
      data: {
        userId: 3,
        username: 'LuckyPlayer1',
        email: 'player@example.com',
        emailVerified: true,
        firstName: null,
        lastName: null,
        dateOfBirth: null,
        phoneVerified: false,
      },
    });
    await submit();
    await waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(true));
    expect(requests[0]).toEqual({ email: 'player@example.com', password: 'Q3Jvd24mQ29pbnMyMDI2' });
    expect(await screen.findByText('You have successfully logged in')).toBeInTheDocument();
    expect(useAuthDialog.getState().open).toBeNull();
  });

  it('shows 3064 at the e-mail field', async () => {
    serverAnswers(400, failure(3064, 'This account signs in with Google.'));
    await submit();
    expect(await screen.findByText('This account signs in with Google.')).toHaveAttribute('id', expect.stringMatching(/-error$/));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows 3065 at the password field', async () => {
    serverAnswers(400, failure(3065, 'Incorrect password.'));
    await submit();
    await screen.findByText('Incorrect password.');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('on 3050 says the verification mail was sent and opens the verification-sent dialog', async () => {
    serverAnswers(400, failure(3050, 'Verification email has been sent to you'));
    await submit('late@example.com');
    expect(await screen.findByText('Verification email has been sent to you')).toBeInTheDocument();
    expect(useAuthDialog.getState()).toMatchObject({ open: 'verification-sent', email: 'late@example.com' });
  });

  it('on 3183 says to sign up first and switches to sign-up with the address', async () => {
    serverAnswers(400, failure(3183, 'Please first sign up for login'));
    const { onRegister } = await submit('new@example.com');
    expect(await screen.findByText('Please first sign up for login')).toBeInTheDocument();
    expect(onRegister).toHaveBeenCalledWith('new@example.com');
  });
});
