import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster';
import { useAuthStore } from '../auth/auth-store';
import { useCoinStore } from './coin-store';
import { WalletConnection } from './wallet-connection';
import { WalletHeaderActions } from './wallet-header-actions';
import type { WalletSocketHandlers } from './wallet-socket';
import { useWalletStore } from './wallet-store';

const socket = vi.hoisted(() => ({ handlers: undefined as WalletSocketHandlers | undefined, closed: 0, opened: 0 }));
vi.mock('./wallet-socket', () => ({
  openWalletSocket: (handlers: WalletSocketHandlers) => {
    socket.handlers = handlers;
    socket.opened += 1;
    return () => {
      socket.closed += 1;
    };
  },
}));

const storedWallet = { gcCoin: 12_345.678, totalScCoin: 2.5, scCoin: { wsc: 0, bsc: 2.5, psc: 0 } };

function signIn() {
  useAuthStore.getState().signIn({
    userId: 7,
    email: 'ada@players.test',
    username: 'ada1234',
    firstName: null,
    lastName: null,
    dateOfBirth: null,
    phoneVerified: false,
    emailVerified: true,
    userWallet: storedWallet,
  });
}

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

beforeEach(() => {
  useCoinStore.setState({ coin: 'SC' });
  useWalletStore.getState().clear();
  Object.assign(socket, { handlers: undefined, closed: 0, opened: 0 });
});
afterEach(() => act(() => useAuthStore.getState().clear()));

describe('header balances', () => {
  it('shows SC by default and switches to GC, remembering the choice in local storage', async () => {
    signIn();
    render(<WalletHeaderActions />, { wrapper });
    expect(screen.getByRole('status', { name: 'SC balance' })).toHaveTextContent('2.50');
    await userEvent.click(screen.getByRole('button', { name: 'GC' }));
    expect(screen.getByRole('status', { name: 'GC balance' })).toHaveTextContent('12.34K');
    expect(screen.getByRole('button', { name: 'GC' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('coin')).toBe('GC');
  });

  it('has a Get Coins button', () => {
    signIn();
    render(<WalletHeaderActions />, { wrapper });
    expect(screen.getByRole('link', { name: 'Get Coins' })).toHaveAttribute('href', '/user/store');
  });

  it('updates live from the wallet socket, which opens while signed in and closes on logout', async () => {
    signIn();
    render(
      <>
        <WalletConnection />
        <WalletHeaderActions />
        <Toaster />
      </>,
      { wrapper },
    );
    await vi.waitFor(() => expect(socket.handlers).toBeDefined());
    act(() => socket.handlers!.onBalance({ gcCoin: 3_000_000, totalScCoin: 1500, scCoin: { wsc: 1000, bsc: 500, psc: 0 } }));
    expect(screen.getByRole('status', { name: 'SC balance' })).toHaveTextContent('1.50K');
    await userEvent.click(screen.getByRole('button', { name: 'GC' }));
    expect(screen.getByRole('status', { name: 'GC balance' })).toHaveTextContent('3.00M');
    expect(useAuthStore.getState().user?.userWallet?.gcCoin).toBe(3_000_000);

    act(() => socket.handlers!.onInsufficientBalance());
    expect(await screen.findByText('You do not have sufficient coins')).toBeInTheDocument();

    act(() => useAuthStore.getState().clear());
    expect(socket.closed).toBe(socket.opened);
  });

  it('sets the coin to SC when a player logs in', async () => {
    useCoinStore.getState().setCoin('GC');
    render(<WalletConnection />, { wrapper });
    act(() => signIn());
    await vi.waitFor(() => expect(socket.opened).toBe(1));
    expect(useCoinStore.getState().coin).toBe('SC');
    expect(localStorage.getItem('coin')).toBe('SC');
  });
});
