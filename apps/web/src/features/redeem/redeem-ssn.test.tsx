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
let ssnOnFile = false;
const posts: { url: string; body: unknown }[] = [];

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

const wallet = { gcCoin: 1000, totalScCoin: 900, scCoin: { wsc: 900, bsc: 0, psc: 0 } };
const ssnRequired = {
  errorCode: 3711,
  name: 'RedeemSsnRequired',
  description: 'Please provide your social security number: your prizes this year reach the amount we must report.',
  details: { threshold: 600, yearTotal: 0 },
};

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  posts.length = 0;
  ssnOnFile = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') posts.push({ url, body: JSON.parse(init.body as string) as unknown });
      if (url.includes('user/profile')) {
        return Response.json({ data: playerProfile({ kycStatus: 'APPROVED', userWallet: wallet, maxRedeemableCoins: 10_000 }) });
      }
      if (url.includes('get-funding-source')) {
        return Response.json({
          data: {
            list: [{ source_id: 4, user_id: 7, bank: 'Sandbox National Bank', lbacc: '1234', is_primary: true }],
            finixData: { linkUrl: '/sandbox/paynote/link?customer=x', provider: 'PAYNOTE' },
          },
        });
      }
      if (url.includes('kyc/update-ssn')) {
        ssnOnFile = true;
        return Response.json({
          data: { ssnLastFour: '6789', ssnMasked: '***-**-6789' },
          message: 'Your social security number has been saved.',
        });
      }
      if (url.includes('payment/paynote')) {
        if (!ssnOnFile) return Response.json({ errors: [ssnRequired] }, { status: 400 });
        return Response.json({
          data: { success: true, withdrawRequestId: 9, status: 0, limitCheck: { limitReached: false, remaining: 100, message: null } },
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

describe('redeem panel: the social security number asked for at the reporting threshold', () => {
  it('asks for the SSN when the server answers 3711, checks it with the seed rule, saves it, shows it masked and redeems', async () => {
    render(<RedeemPanel />, { wrapper });
    await userEvent.type(await screen.findByLabelText('Amount (SC)'), '600');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));

    const dialog = await screen.findByRole('dialog', { name: 'Social security number' });
    expect(dialog).toHaveTextContent('Your prizes this year reach the amount we must report to the IRS.');
    const field = screen.getByLabelText('Social security number (9 digits)');
    await userEvent.type(field, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save and redeem' }));
    expect(await screen.findByText('Social security number must be exactly 9 digits')).toBeInTheDocument();
    expect(posts.filter((post) => post.url.includes('kyc/update-ssn'))).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, '123-45-6789');
    await userEvent.click(screen.getByRole('button', { name: 'Save and redeem' }));

    expect(await screen.findByRole('dialog', { name: 'Redemption in process' })).toBeInTheDocument();
    expect(screen.getByTestId('ssn-on-file')).toHaveTextContent('SSN on file: ***-**-6789');
    expect(posts.map((post) => post.url.replace(/^.*\/api\/v1\//, ''))).toEqual(['payment/paynote', 'kyc/update-ssn', 'payment/paynote']);
    expect(posts[1]!.body).toEqual({ ssn: '123456789' });
    expect(posts[2]!.body).toMatchObject({ amount: 600 });
  });
});
