import type { Game } from '@casino/contracts/games';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { GameTile, GameTileSkeleton } from '../game-tile';

export interface GameGridProps {
  games: Game[];
  total: number;
  isLoading: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  emptyTitle: string;
}

/** A games list query paged by TanStack Query's infinite query (each page: rows and the total count). */
type GamePagesQuery = Pick<
  UseInfiniteQueryResult<InfiniteData<{ rows: Game[]; count: number }>>,
  'data' | 'isPending' | 'isError' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'
>;

/** The grid's props from an infinite games query: every loaded row, the total, the paging state. */
export function gameGridProps(query: GamePagesQuery): Omit<GameGridProps, 'emptyTitle'> {
  return {
    games: query.data?.pages.flatMap((page) => page.rows) ?? [],
    total: query.data?.pages[0]?.count ?? 0,
    isLoading: query.isPending,
    isError: query.isError,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: () => void query.fetchNextPage(),
  };
}

export const gridClass = 'grid grid-cols-2 gap-x-3 gap-y-5 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6 2xl:grid-cols-7';

/**
 * A page of games that grows: Load More, and the next page loads by itself when the end of the
 * list scrolls into view (seed 000 section 2: Load More / infinite scroll).
 */
export function GameGrid({ games, total, isLoading, isError, hasNextPage, isFetchingNextPage, fetchNextPage, emptyTitle }: GameGridProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(fetchNextPage);
  load.current = fetchNextPage;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, games.length]);

  if (isLoading) {
    return (
      <div className={gridClass} aria-busy="true">
        {Array.from({ length: 12 }, (_, index) => (
          <GameTileSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (isError) return <EmptyState title="Something went wrong">The games could not be loaded. Please try again.</EmptyState>;
  if (games.length === 0) return <EmptyState title={emptyTitle} />;

  return (
    <div className="flex flex-col gap-6">
      <ul className={gridClass} aria-label={`${total} games`}>
        {games.map((game, index) => (
          <li key={game.masterCasinoGameId} className="min-w-0">
            <GameTile game={game} loading={index < 6 ? 'eager' : 'lazy'} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      {hasNextPage ? (
        <div className="flex flex-col items-center gap-2">
          <p className="text-xs text-ink-faint">
            Showing {games.length} of {total}
          </p>
          <Button variant="outline" onClick={() => fetchNextPage()} loading={isFetchingNextPage}>
            Load More
          </Button>
        </div>
      ) : null}
    </div>
  );
}
