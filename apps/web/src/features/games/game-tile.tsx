import type { Game } from '@casino/contracts/games';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useNearViewport } from '../../lib/near-viewport';
import { useAuthDialog, useAuthStore } from '../auth';
import { useFavoriteToggle } from './api/favorite';
import { HeartIcon } from './components/icons';
import { gamePaths } from './paths';

/**
 * A game tile (seed 000 section 2 'Lobby and games'): the generated artwork, name and studio.
 * Play Now opens /game-play/{masterCasinoGameId} for a player and the login dialog for a visitor;
 * players also get the favourite heart. On phones Play Now sits under the art, never over the
 * title painted at its foot.
 */
export function GameTile({
  game,
  className,
  loading = 'lazy',
}: {
  game: Game;
  className?: string;
  /**
   * How the art loads: 'lazy' once the tile comes near the screen (lib/near-viewport.ts);
   * 'eager' at once, for tiles in the first screen; 'priority' at once and before other images,
   * for the first tiles, the lobby's largest paint on a phone.
   */
  loading?: 'lazy' | 'eager' | 'priority';
}) {
  const [artRef, showArt] = useNearViewport<HTMLDivElement>(loading === 'lazy');
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const showDialog = useAuthDialog((state) => state.show);
  const navigate = useNavigate();

  const play = () => {
    if (signedIn) void navigate(gamePaths.gamePlay(game.masterCasinoGameId));
    else showDialog('login');
  };

  return (
    <article className={cn('group flex min-w-0 flex-col gap-2', className)} data-testid="game-tile" aria-label={game.name}>
      <div className="relative">
        <div
          ref={artRef}
          className="relative aspect-[3/4] overflow-hidden rounded-2xl bg-night-800 shadow-lg ring-1 ring-night-600/60 transition group-hover:-translate-y-0.5 group-hover:shadow-glow group-hover:ring-gold-400/60"
        >
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            onClick={play}
            className="absolute inset-0 block h-full w-full cursor-pointer"
          >
            {showArt ? (
              <img
                src={game.imageUrl}
                alt=""
                width={300}
                height={400}
                fetchPriority={loading === 'priority' ? 'high' : 'auto'}
                decoding="async"
                className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
              />
            ) : null}
          </button>
          {signedIn ? <FavouriteHeart game={game} /> : null}
        </div>
        {/* Over the art's foot on hover; on phones below the art, so it never covers the painted title. */}
        <div className="pointer-events-none absolute inset-x-0 bottom-0 flex justify-center rounded-b-2xl bg-gradient-to-t from-night-950/95 via-night-950/50 to-transparent px-2 pt-10 pb-3 opacity-0 transition group-focus-within:opacity-100 group-hover:opacity-100 phone:static phone:bg-none phone:px-0 phone:pt-2 phone:pb-0 phone:opacity-100">
          <Button
            size="sm"
            className="pointer-events-auto w-full max-w-[9rem] phone:max-w-none"
            onClick={play}
            aria-label={`Play Now: ${game.name}`}
          >
            Play Now
          </Button>
        </div>
      </div>
      <div className="min-w-0 px-0.5">
        <h3 className="truncate text-sm font-bold text-ink">{game.name}</h3>
        <p className="truncate text-xs text-ink-faint">{game.brand}</p>
      </div>
    </article>
  );
}

/** The favourite heart, for players only: visitors' tiles carry no favourite mutation. */
function FavouriteHeart({ game }: { game: Game }) {
  const favorite = useFavoriteToggle();
  return (
    <button
      type="button"
      aria-pressed={game.FavoriteGames}
      aria-label={`Favourite: ${game.name}`}
      disabled={favorite.isPending}
      onClick={() => favorite.mutate({ gameId: game.masterCasinoGameId, favorite: !game.FavoriteGames })}
      className={cn(
        'absolute top-2 right-2 flex h-9 w-9 cursor-pointer items-center justify-center rounded-full bg-night-950/70 backdrop-blur transition hover:scale-110',
        game.FavoriteGames ? 'text-neon-pink' : 'text-ink-muted hover:text-ink',
      )}
    >
      <HeartIcon filled={game.FavoriteGames} />
    </button>
  );
}

/**
 * A tile's placeholder while the games load: the same boxes as GameTile (art at 3:4, Play Now
 * under it on phones, a name and a studio line), so nothing moves when the tiles arrive. Four
 * elements rather than ten: the lobby renders some forty of these with its first render, and
 * each element is one more for a slow phone to create, style and lay out (docs/decisions/067).
 * The name and studio lines are the foot's two pseudo-elements (styles.css, tile-skeleton-foot).
 */
export function GameTileSkeleton({ className }: { className?: string }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-2', className)} aria-hidden="true">
      <Skeleton className="aspect-[3/4] rounded-2xl" />
      <Skeleton className="hidden h-8 phone:block" />
      <div className="tile-skeleton-foot animate-pulse" />
    </div>
  );
}
