import { gameTexts } from '@casino/contracts/game-constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { playerGamesQuery, type PlayerGameList } from './api/game-lists';
import { GameGrid } from './components/game-grid';

/** A player's own list of games with its title and infinite paging (favourites, recently played). */
export function PlayerGamesPage({ list, title, emptyHint }: { list: PlayerGameList; title: string; emptyHint: string }) {
  const games = useInfiniteQuery(playerGamesQuery(list));
  const rows = games.data?.pages.flatMap((page) => page.rows) ?? [];
  const total = games.data?.pages[0]?.count ?? 0;
  return (
    <div className="flex flex-col gap-5 px-3 py-5 sm:px-5">
      <header>
        <h1 className="font-display text-2xl font-black tracking-wide uppercase sm:text-3xl">{title}</h1>
        <p className="text-sm text-ink-faint">{games.data ? (total === 1 ? '1 game' : `${total} games`) : emptyHint}</p>
      </header>
      <GameGrid
        games={rows}
        total={total}
        isLoading={games.isPending}
        isError={games.isError}
        hasNextPage={games.hasNextPage}
        isFetchingNextPage={games.isFetchingNextPage}
        fetchNextPage={() => void games.fetchNextPage()}
        emptyTitle={gameTexts.noGames}
      />
    </div>
  );
}
