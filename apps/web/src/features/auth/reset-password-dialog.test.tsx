import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthDialog } from './auth-dialog-store';
import { ResetPasswordDialog } from './components/reset-password-dialog';

function renderDialog() {
  const router = createMemoryRouter([{ path: '*', element: <ResetPasswordDialog /> }], { initialEntries: ['/user/forgotPassword'] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the Reset Password dialog (seed 000 section 5)', () => {
  const requests: unknown[] = [];
  beforeEach(() => {
    requests.length = 0;
    useAuthDialog.setState({ open: 'reset', resetToken: 'a-reset-key' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        requests.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}'));
        return new Response(JSON.stringify({ data: {}, message: 'Your Password is changed' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a new password under 8 characters and says so', async () => {
    renderDialog();
    const user = userEvent.setup();
    expect(screen.getByText('8-20 characters with an uppercase and a lowercase letter, a digit and one of @$!%*?&')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Fr$sh20');
    await user.type(screen.getByLabelText('Confirm password'), 'Fr$sh20');
    await user.click(screen.getByRole('button', { name: 'CHANGE PASSWORD' }));
    expect(await screen.findByText('Password must contain at least 8 characters')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('sends a new password of 8 characters', async () => {
    renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Fr$sh202');
    await user.type(screen.getByLabelText('Confirm password'), 'Fr$sh202');
    await user.click(screen.getByRole('button', { name: 'CHANGE PASSWORD' }));
    await waitFor(() => expect(requests).toEqual([{ newPasswordKey: 'a-reset-key', password: btoa('Fr$sh202') }]));
  });
});
