import { gameTexts } from '@casino/contracts/game-constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { playerGamesQuery, type PlayerGameList } from './api/game-lists';
import { GameGrid, gameGridProps } from './components/game-grid';

/** A player's own list of games with its title and infinite paging (favourites, recently played). */
export function PlayerGamesPage({ list, title, emptyHint }: { list: PlayerGameList; title: string; emptyHint: string }) {
  const games = useInfiniteQuery(playerGamesQuery(list));
  const grid = gameGridProps(games);
  return (
    <div className="flex flex-col gap-5 px-3 py-5 sm:px-5">
      <header>
        <h1 className="font-display text-2xl font-black tracking-wide uppercase sm:text-3xl">{title}</h1>
        <p className="text-sm text-ink-faint">{games.data ? (grid.total === 1 ? '1 game' : `${grid.total} games`) : emptyHint}</p>
      </header>
      <GameGrid {...grid} emptyTitle={gameTexts.noGames} />
    </div>
  );
}
