import type { SubCategory } from '@casino/contracts/games';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testGame, testRow } from '../../test/catalogue';
import { Component as LobbyPage } from './lobby-page';

function row(id: number, name: string, isFeatured = true): SubCategory {
  return testRow(id, name, [testGame(id * 10 + 1), testGame(id * 10 + 2), testGame(id * 10 + 3)], isFeatured);
}

const rows = [row(1, 'Popular'), row(2, 'New Releases'), row(3, 'Adventure Slots', false), row(4, 'Classic Slots')];

function answer(data: unknown) {
  return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** The lobby's reads; the game rows only once `release` is called. */
function stubApi() {
  let release = () => undefined as void;
  const rowsAnswered = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/v1/casino-games/sub-category')) {
        await rowsAnswered;
        return answer({ rows, count: rows.length });
      }
      if (url.startsWith('/api/v1/casino-games/live-winners')) return answer({ rows: [] });
      return answer({ rows: [], count: 0 });
    }),
  );
  return () => release();
}

afterEach(() => vi.unstubAllGlobals());

/** An IntersectionObserver that reports only what the test says has come near the screen. */
class HandReportedObserver {
  static latest: HandReportedObserver | undefined;
  readonly watched: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    HandReportedObserver.latest = this;
  }
  observe(element: Element) {
    this.watched.push(element);
  }
  unobserve(element: Element) {
    this.watched.splice(this.watched.indexOf(element), 1);
  }
  disconnect() {}
  bringNear(element: Element) {
    this.callback([{ target: element, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

function renderLobby() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <LobbyPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('lobby', () => {
  it('holds row placeholders while the rows load, then shows every featured row, the first row’s first art fetched first', async () => {
    const releaseRows = stubApi();
    const { container } = renderLobby();
    expect(screen.queryByRole('region', { name: 'Popular' })).toBeNull();
    expect(container.querySelectorAll('[aria-hidden="true"] ul').length).toBe(3);

    releaseRows();
    for (const name of ['Popular', 'New Releases', 'Classic Slots'])
      expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Adventure Slots' })).toBeNull();
    const firstArt = screen.getByRole('region', { name: 'Popular' }).querySelectorAll('img[fetchpriority="high"]');
    expect([...firstArt].map((image) => image.getAttribute('src'))).toEqual(['/rgs/art/game-11.svg', '/rgs/art/game-12.svg']);
    expect(screen.getByRole('region', { name: 'Classic Slots' }).querySelector('img[fetchpriority="high"]')).toBeNull();
  });

  it('renders a row after the first only once its placeholder comes near the screen', async () => {
    vi.stubGlobal('IntersectionObserver', HandReportedObserver);
    stubApi()();
    renderLobby();
    expect(await screen.findByRole('region', { name: 'Popular' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New Releases' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Classic Slots' })).toBeNull();

    const observer = HandReportedObserver.latest!;
    const placeholders = observer.watched.filter((element) => element.getAttribute('aria-hidden') === 'true');
    expect(placeholders).toHaveLength(2);
    act(() => observer.bringNear(placeholders[0]!));
    expect(screen.getByRole('region', { name: 'New Releases' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Classic Slots' })).toBeNull();
  });
});
