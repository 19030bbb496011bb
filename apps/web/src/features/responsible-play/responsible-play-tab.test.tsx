import type { GamblingHistoryResponse } from '@casino/contracts/responsible-play';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster';
import { ResponsiblePlayTab } from './responsible-play-tab';

const history: GamblingHistoryResponse = {
  responsibleGambling: {
    dailyDepositLimit: { amount: 20, createdAt: '2026-11-20T10:00:00.000Z', pendingAmount: 50, pendingAt: '2026-11-24T10:00:00.000Z' },
    weeklyDepositLimit: null,
    monthlyDepositLimit: null,
    dailyBetLimit: null,
    weeklyBetLimit: null,
    monthlyBetLimit: null,
  },
  totalBetLimits: { totalBetAmountToday: 0, totalBetAmountWeekly: 0, totalBetAmountMonthly: 0 },
  totalDepositLimits: { totalDepositAmountToday: 9.99, totalDepositAmountWeekly: 9.99, totalDepositAmountMonthly: 19.98 },
};

/** GET gambling-history answers `history`; POSTs are recorded and answered with `postAnswer`. */
function server(postAnswer: { status: number; body: unknown }) {
  const posts: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'GET' && String(url).includes('gambling-history')) {
        return new Response(JSON.stringify({ data: history }), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      posts.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>);
      return new Response(JSON.stringify(postAnswer.body), { status: postAnswer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return posts;
}

function renderTab() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ResponsiblePlayTab />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the Responsible Play tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each limit with what was spent and a waiting raise', async () => {
    server({ status: 200, body: {} });
    renderTab();
    const daily = await screen.findByRole('region', { name: 'daily deposit limit' });
    expect(daily).toHaveTextContent('Current limit: $20.00');
    expect(daily).toHaveTextContent('Spent today: $9.99');
    expect(daily).toHaveTextContent(/Changes to \$50\.00 on 11\/2[345]\/2026/);
    expect(screen.getByRole('region', { name: 'monthly deposit limit' })).toHaveTextContent('Spent this month: $19.98');
  });

  it("refuses '0' and an exponent with the seed's message and sends nothing", async () => {
    const posts = server({ status: 200, body: {} });
    renderTab();
    const user = userEvent.setup();
    const weekly = await screen.findByRole('region', { name: 'weekly deposit limit' });
    await user.type(within(weekly).getByLabelText('New weekly deposit limit ($)'), '1e3');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await within(weekly).findByText('Please enter valid value for weekly deposit limit')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts).toHaveLength(0);
  });

  it('sends the limit with the base64 password after the confirmation, and shows a server refusal', async () => {
    const posts = server({
      status: 400,
      body: { errors: [{ errorCode: 3754, name: 'LimitAlreadySpent', description: 'You have spent total weekly deposit limit $9.99' }] },
    });
    renderTab();
    const user = userEvent.setup();
    const weekly = await screen.findByRole('region', { name: 'weekly deposit limit' });
    await user.type(within(weekly).getByLabelText('New weekly deposit limit ($)'), '5');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your password' });
    await user.type(within(dialog).getByLabelText('Password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(/^Password must include at least one uppercase/)).toBeVisible();
    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Spin&Win2026!');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ password: Buffer.from('Spin&Win2026!').toString('base64'), weeklyDepositLimit: 5 });
    // Refused: the password dialog closes and the refusal stays on the form, next to the limits.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const form = screen.getByRole('form', { name: 'Purchase limits' });
    expect(within(form).getByRole('alert')).toHaveTextContent('You have spent total weekly deposit limit $9.99');
  });

  it('keeps the dialog open on a wrong password, with the error in it, and lets the player cancel', async () => {
    server({
      status: 400,
      body: { errors: [{ errorCode: 3755, name: 'ConfirmPasswordWrong', description: 'The password is not correct.' }] },
    });
    renderTab();
    const user = userEvent.setup();
    const daily = await screen.findByRole('region', { name: 'daily deposit limit' });
    await user.type(within(daily).getByLabelText('New daily deposit limit ($)'), '5');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your password' });
    await user.type(within(dialog).getByLabelText('Password'), 'Spin&Win2026?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The password is not correct.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
