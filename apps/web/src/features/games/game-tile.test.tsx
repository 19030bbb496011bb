import type { Game } from '@casino/contracts/games';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster';
import { useAuthDialog, useAuthStore } from '../auth';
import { GameTile } from './game-tile';

const game: Game = {
  masterCasinoGameId: 42,
  name: 'Jade Dragon',
  identifier: 'jade-dragon',
  brand: 'Crown Studios',
  masterCasinoProviderId: 1,
  imageUrl: '/rgs/art/jade-dragon.svg',
  gameType: 'slot',
  FavoriteGames: false,
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderTile(tile: Game = game) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="*" element={<GameTile game={tile} />} />
        </Routes>
        <Where />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function signIn() {
  useAuthStore.getState().signIn({ userId: 7, email: 'ada@players.test', username: 'ada1234' });
}

afterEach(() => {
  act(() => {
    useAuthStore.getState().clear();
    useAuthDialog.getState().close();
  });
  vi.unstubAllGlobals();
});

describe('game tile', () => {
  it('opens the login dialog when a visitor presses Play Now, and offers no favourite heart', async () => {
    renderTile();
    await userEvent.click(screen.getByRole('button', { name: 'Play Now: Jade Dragon' }));
    expect(useAuthDialog.getState().open).toBe('login');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    expect(screen.queryByRole('button', { name: 'Favourite: Jade Dragon' })).toBeNull();
  });

  it('takes a player to /game-play/{masterCasinoGameId}', async () => {
    signIn();
    renderTile();
    await userEvent.click(screen.getByRole('button', { name: 'Play Now: Jade Dragon' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/game-play/42');
    expect(useAuthDialog.getState().open).toBeNull();
  });

  it("sends the new favourite state and shows the server's message", async () => {
    signIn();
    const fetchMock = vi.fn(async () =>
      Promise.resolve(
        new Response(JSON.stringify({ data: { gameId: 42, isFavorite: true }, message: 'Added to Favorites' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderTile();
    const heart = screen.getByRole('button', { name: 'Favourite: Jade Dragon' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    expect(await screen.findByText('Added to Favorites')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/casino-games/favorite');
    expect(JSON.parse(init.body as string)).toEqual({ request: true, gameId: 42 });
  });
});
