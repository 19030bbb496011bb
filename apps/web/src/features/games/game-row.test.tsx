import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testGame, testRow } from '../../test/catalogue';
import { GameRow } from './game-row';

const games = Array.from({ length: 5 }, (_, index) => testGame(index + 1));
const popular = testRow(1, 'Popular', games);

/** Nothing ever comes near the screen: only art loaded at once shows. */
class FarAwayObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function renderRow(priorityTiles: number) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <GameRow subCategory={popular} priorityTiles={priorityTiles} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getAllByTestId('game-tile').map((tile) => tile.querySelector('img'));
}

afterEach(() => vi.unstubAllGlobals());

describe('game row', () => {
  it("loads the first row's first tiles' art at once and first, the others' only near the screen", () => {
    vi.stubGlobal('IntersectionObserver', FarAwayObserver);
    const art = renderRow(2);
    expect(art.map((image) => image?.getAttribute('fetchpriority') ?? null)).toEqual(['high', 'high', null, null, null]);
    expect(art[0]).toHaveAttribute('src', '/rgs/art/game-1.svg');
    expect(within(screen.getByRole('region', { name: 'Popular' })).getAllByRole('article')).toHaveLength(5);
  });

  it('waits for every tile of a later row to come near the screen', () => {
    vi.stubGlobal('IntersectionObserver', FarAwayObserver);
    expect(renderRow(0)).toEqual([null, null, null, null, null]);
  });
});
