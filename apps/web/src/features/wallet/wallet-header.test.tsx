import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster';
import { playerProfile, storedPlayer } from '../../test/player-profile';
import { profileQueryKey, useAuthStore } from '../auth';
import { useCoinStore } from './coin-store';
import { WalletConnection } from './wallet-connection';
import { WalletHeaderActions } from './wallet-header-actions';
import type { WalletSocketHandlers } from './wallet-socket';
import { walletHold } from './wallet-store';

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
let queryClient: QueryClient;

function signIn() {
  useAuthStore.getState().signIn(storedPlayer);
}

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  useCoinStore.setState({ coin: 'SC' });
  Object.assign(socket, { handlers: undefined, closed: 0, opened: 0 });
  // GET /user/profile answers the player with their balances.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: playerProfile({ userWallet: storedWallet }) }), { status: 200 })),
  );
});
afterEach(() => {
  act(() => useAuthStore.getState().clear());
  vi.unstubAllGlobals();
});

describe('header balances', () => {
  it("shows the profile's SC by default and switches to GC, remembering the choice in local storage", async () => {
    signIn();
    render(<WalletHeaderActions />, { wrapper });
    expect(await screen.findByText('2.50')).toBeInTheDocument();
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
    expect(await screen.findByText('2.50')).toBeInTheDocument();
    act(() => socket.handlers!.onBalance({ gcCoin: 3_000_000, totalScCoin: 1500, scCoin: { wsc: 1000, bsc: 500, psc: 0 } }));
    expect(await screen.findByText('1.50K')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'SC balance' })).toHaveTextContent('1.50K');
    await userEvent.click(screen.getByRole('button', { name: 'GC' }));
    expect(screen.getByRole('status', { name: 'GC balance' })).toHaveTextContent('3.00M');
    // One copy of the player: the balance event changed the cached profile itself.
    expect(queryClient.getQueryData<{ userWallet: { gcCoin: number } }>(profileQueryKey)?.userWallet.gcCoin).toBe(3_000_000);

    act(() => socket.handlers!.onInsufficientBalance());
    expect(await screen.findByText('You do not have sufficient coins')).toBeInTheDocument();

    act(() => useAuthStore.getState().clear());
    expect(socket.closed).toBe(socket.opened);
  });

  it('holds socket balances while a game hides its round, and shows the latest when it reveals it', async () => {
    signIn();
    render(
      <>
        <WalletConnection />
        <WalletHeaderActions />
      </>,
      { wrapper },
    );
    await vi.waitFor(() => expect(socket.handlers).toBeDefined());
    expect(await screen.findByText('2.50')).toBeInTheDocument();
    act(() => walletHold.hold()); // the game frame: round-started
    act(() => socket.handlers!.onBalance({ gcCoin: 12_345.678, totalScCoin: 1.5, scCoin: { wsc: 0, bsc: 1.5, psc: 0 } }));
    act(() => socket.handlers!.onBalance({ gcCoin: 12_345.678, totalScCoin: 7.5, scCoin: { wsc: 6, bsc: 1.5, psc: 0 } }));
    // Time for any update to render (the query cache notifies its readers on the next tick).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('status', { name: 'SC balance' })).toHaveTextContent('2.50');
    act(() => walletHold.release()); // round-revealed
    await vi.waitFor(() => expect(screen.getByRole('status', { name: 'SC balance' })).toHaveTextContent('7.50'));
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
