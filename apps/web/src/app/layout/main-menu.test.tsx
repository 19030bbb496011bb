import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../features/auth';
import { MainMenu } from './main-menu';

describe('the signed-in sidebar (seed 000 section 2 Layout)', () => {
  beforeEach(() => {
    useAuthStore.setState({ isAuthenticated: true, user: { userId: 7, username: 'ada1234', email: 'ada@players.test' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ data: { rows: [], count: 0 } }), { headers: { 'content-type': 'application/json' } }),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has the profile shortcut, SPIN AND WIN, Get Coins (the store) and Redeem (/redeem) before the lobby, in that order', async () => {
    const router = createMemoryRouter([{ path: '*', element: <MainMenu onNavigate={() => undefined} /> }], { initialEntries: ['/lobby'] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <nav aria-label="Main menu">
          <RouterProvider router={router} />
        </nav>
      </QueryClientProvider>,
    );
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    const profile = within(menu).getByRole('link', { name: /ada1234\s*My Profile/ });
    expect(profile).toHaveAttribute('href', '/user/account-details');
    expect(within(menu).getByRole('link', { name: 'Get Coins' })).toHaveAttribute('href', '/user/store');
    expect(within(menu).getByRole('link', { name: 'Redeem' })).toHaveAttribute('href', '/redeem');

    const order = (await within(menu).findAllByRole('link')).map((link) => link.textContent?.trim());
    const at = (label: string) => order.findIndex((text) => text?.includes(label));
    expect(at('ada1234')).toBeLessThan(at('SPIN AND WIN'));
    expect(at('SPIN AND WIN')).toBeLessThan(at('Get Coins'));
    expect(at('Get Coins')).toBeLessThan(at('Redeem'));
    expect(at('Redeem')).toBeLessThan(at('Lobby'));
  });
});
