import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LobbyPage } from '../../features/lobby';
import { renderLobbyFirstScreen } from '../../first-screen-server';
import { testGame, testRow } from '../../test/catalogue';
import { FIRST_SCREEN_STATE_ID, takeServerFirstScreenReads } from './server-first-screen';

const popular = testRow(
  1,
  'Popular',
  Array.from({ length: 12 }, (_, index) => testGame(index + 1)),
);

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the reads a first screen was drawn from', () => {
  it('are taken from the page once, and the lobby’s first render shows its rows from them without asking again', () => {
    document.body.innerHTML = `<div id="root">${renderLobbyFirstScreen({ subCategories: { rows: [popular], count: 1 }, banners: [] })}</div>`;
    const state = takeServerFirstScreenReads(document, 1_800_000_000_000);
    if (!state) throw new Error('the page came without its reads');
    // Read when the page was sent, whenever the server drew the screen.
    expect(state.queries.map((query) => query.state.dataUpdatedAt)).toEqual([1_800_000_000_000, 1_800_000_000_000]);
    expect(document.getElementById(FIRST_SCREEN_STATE_ID)).toBeNull();
    expect(takeServerFirstScreenReads(document)).toBeUndefined();
    // The app's first render replaces the page the server sent.
    document.body.innerHTML = '';

    const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify({ data: { rows: [] } }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    hydrate(client, state);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <LobbyPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // The whole row, not only the first screen's ten tiles: the app starts from the whole read.
    expect(screen.getAllByTestId('game-tile').map((tile) => tile.getAttribute('aria-label'))).toEqual(
      popular.subCategoryGames.map((one) => one.name),
    );
    const asked = fetch.mock.calls.map(([url]) => String(url));
    expect(asked.filter((url) => url.includes('sub-category') || url.includes('banners'))).toEqual([]);
  });

  it('are left out when the page has none, or when they cannot be read', () => {
    expect(takeServerFirstScreenReads(document)).toBeUndefined();
    document.body.innerHTML = `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">{"queries": [</script>`;
    expect(takeServerFirstScreenReads(document)).toBeUndefined();
    expect(document.getElementById(FIRST_SCREEN_STATE_ID)).toBeNull();
  });
});
