import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RefusedWinsPage from './refused-wins-page';

const refused = {
  refusedWinId: 7,
  userId: 512,
  username: 'lucky_lou',
  gameId: 33,
  gameName: 'Outside Slot',
  roundId: 'r-9001',
  transactionId: 'win-9001',
  coin: 'GC',
  bet: 0.01,
  win: 10_000_000,
  maxWin: 100,
  maxWinMultiplier: 10_000,
  createdAt: '2026-12-07T14:05:09.000Z',
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('the refused wins desk', () => {
  it('lists each refused win with its player, game, round, bet, win asked and the limit it broke', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      expect(url).toBe('/api/admin/money/refused-wins?page=1&limit=25');
      return json({ data: { rows: [refused], count: 1 } });
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <RefusedWinsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    const row = (await screen.findByText('Outside Slot')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'lucky_lou' })).toHaveAttribute('href', '/admin/players/512');
    expect(within(row).getByText('round r-9001 · win win-9001')).toBeInTheDocument();
    expect(within(row).getByText('0.01 GC')).toBeInTheDocument();
    expect(within(row).getByText('10,000,000.00 GC')).toBeInTheDocument();
    expect(within(row).getByText('100.00 GC')).toBeInTheDocument();
    expect(within(row).getByText('10,000× the bet')).toBeInTheDocument();
    expect(within(row).getByText('12/07/2026 02:05:09 PM UTC')).toBeInTheDocument();
  });
});
