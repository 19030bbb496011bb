import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playerProfile, storedPlayer } from '../../test/player-profile';
import { useAuthStore } from '../auth';
import { RedeemPanel } from './redeem-panel';

let queryClient: QueryClient;
let kycStatus = 'pending';
const requests: { method: string; url: string }[] = [];

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

const wallet = { gcCoin: 1000, totalScCoin: 182.5, scCoin: { wsc: 120, bsc: 2.5, psc: 60 } };

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = String(input);
      requests.push({ method: init?.method ?? 'GET', url });
      if (url.includes('user/profile')) return Response.json({ data: playerProfile({ kycStatus, userWallet: wallet }) });
      if (url.includes('get-funding-source')) {
        return Response.json({
          data: {
            list: [{ source_id: 4, user_id: 7, bank: 'Sandbox National Bank', lbacc: '1234', is_primary: true }],
            finixData: { linkUrl: '/sandbox/paynote/link?customer=x', provider: 'PAYNOTE' },
          },
        });
      }
      if (url.includes('payment/transactions')) return Response.json({ data: { rows: [], count: 0 } });
      return Response.json({ errors: [{ errorCode: 3001, name: 'NotFound', description: 'Not found.' }] }, { status: 404 });
    }),
  );
  useAuthStore.getState().signIn(storedPlayer);
});
afterEach(() => {
  act(() => useAuthStore.getState().clear());
  vi.unstubAllGlobals();
});

describe('redeem panel', () => {
  it('shows the five balance cards and the Active bank account', async () => {
    render(<RedeemPanel />, { wrapper });
    expect(await screen.findByTestId('balance-sweep-coin-redeemable')).toHaveTextContent('120.00');
    expect(screen.getByTestId('balance-sweep-coins-balance')).toHaveTextContent('182.50');
    expect(screen.getByTestId('balance-sweep-coin-unplayed')).toHaveTextContent('60.00');
    expect(screen.getByTestId('balance-sweep-coin-bonus')).toHaveTextContent('2.50');
    expect(screen.getByTestId('balance-gold-coins')).toHaveTextContent('1,000.00');
    expect(await screen.findByTestId('bank-account')).toHaveTextContent('Active');
  });

  it('opens KYC Pending before any amount check when KYC is not approved, and sends nothing', async () => {
    kycStatus = 'pending';
    render(<RedeemPanel />, { wrapper });
    await userEvent.type(await screen.findByLabelText('Amount (SC)'), '6x0');
    expect(screen.getByLabelText('Amount (SC)')).toHaveValue('60');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('dialog', { name: 'KYC Pending' })).toHaveTextContent(
      'Please complete your face and id scan verification',
    );
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('checks the minimum and the redeemable balance before sending', async () => {
    kycStatus = 'APPROVED';
    render(<RedeemPanel />, { wrapper });
    const amount = await screen.findByLabelText('Amount (SC)');
    await userEvent.type(amount, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Requested redemption amount is less than 51 Redeemable SC coins')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '121');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Insufficient Redeemable SC coins')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });
});
