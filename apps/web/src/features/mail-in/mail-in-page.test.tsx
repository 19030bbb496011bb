import type { MailInRequest, MailInRules } from '@casino/contracts/mail-in';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/admin-page';
import { useAuthDialog, useAuthStore } from '../auth';
import { Component as MailInPage } from './mail-in-page';

const rules: MailInRules = {
  scAmount: 5,
  capCount: 1,
  capPeriod: 'day',
  postmarkDays: 30,
  postalAddress: 'Lucky Crown\nPO Box 4410\nWilmington, DE 19807',
  cardFormat: 'One handwritten 4" x 6" postcard with your request code.',
  rulesText: 'No purchase is necessary.\n\nEach code can be used once.',
};

const request = (overrides: Partial<MailInRequest>): MailInRequest => ({
  requestId: 1,
  code: 'K7QMX4TZ9BHP',
  status: 'open',
  refusalReason: null,
  sc: null,
  createdAt: '2026-12-07T10:00:00.000Z',
  decidedAt: null,
  ...overrides,
});

function renderPage(answer: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/mail-in/rules')) return json({ data: rules });
    return answer(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <MailInPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

const signIn = () => useAuthStore.setState({ isAuthenticated: true, user: { userId: 7, username: 'ada1234', email: 'ada@players.test' } });

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ isAuthenticated: false, user: null });
  useAuthDialog.setState({ open: null });
});

describe('the mail-in entry page', () => {
  it('shows a visitor the rules, address and card format from the settings, and asks them to sign in for a code', async () => {
    const fetchMock = renderPage(() => json({}, 500));
    expect(await screen.findByRole('heading', { name: 'Mail-in Entry', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('5.00 SC')).toBeInTheDocument();
    expect(screen.getByText('credited per UTC day')).toBeInTheDocument();
    expect(screen.getByText(/PO Box 4410/)).toBeInTheDocument();
    expect(screen.getByText(rules.cardFormat)).toBeInTheDocument();
    expect(screen.getByText('Each code can be used once.')).toBeInTheDocument();
    // A visitor's page reads no requests.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([expect.stringMatching(/\/mail-in\/rules$/)]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(useAuthDialog.getState().open).toBe('login');
  });

  it("gives a signed-in player a code on demand and lists the player's requests with their states", async () => {
    signIn();
    let rows: MailInRequest[] = [
      request({ requestId: 2, code: 'AAAABBBBCCCC', status: 'credited', sc: 5, decidedAt: '2026-12-06T10:00:00.000Z' }),
      request({ requestId: 1, code: 'DDDDEEEEFFFF', status: 'refused', refusalReason: 'identity_mismatch' }),
    ];
    const fetchMock = renderPage((url, init) => {
      if (init?.method === 'POST') {
        const created = request({ requestId: 3 });
        rows = [created, ...rows];
        return json({ data: created, message: 'Your request code is ready. Write it on your card.' });
      }
      return json({ data: { rows, count: rows.length } });
    });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Your mail-in requests' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('AAAA-BBBB-CCCC');
    expect(items[0]).toHaveTextContent('5.00 SC credited as bonus Sweeps Coins.');
    expect(items[0]).toHaveTextContent('Credited');
    expect(items[1]).toHaveTextContent('The name or address on the card does not match the account.');
    expect(items[1]).toHaveTextContent('Refused');

    await user.click(screen.getByRole('button', { name: 'Get my request code' }));
    expect(await screen.findByTestId('mail-in-code')).toHaveTextContent('K7QM-X4TZ-9BHP');
    expect(screen.getByRole('status')).toHaveTextContent('Your request code is ready. Write it on your card.');
    expect(screen.queryByRole('button', { name: 'Get my request code' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    expect(within(screen.getByRole('list', { name: 'Your mail-in requests' })).getAllByRole('listitem')[0]).toHaveTextContent('Open');
  });

  it("shows the server's refusal in words where the player is looking", async () => {
    signIn();
    renderPage((_url, init) => {
      if (init?.method === 'POST')
        return json(
          {
            errors: [
              {
                errorCode: 3870,
                name: 'MailInRequestOpen',
                description:
                  'You already have an open request code. Write it on your card; you can ask for a new one once that card is decided.',
              },
            ],
          },
          409,
        );
      return json({ data: { rows: [], count: 0 } });
    });
    expect(await screen.findByText('You have no requests yet.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Get my request code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have an open request code.');
  });
});
