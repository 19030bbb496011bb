import type { Game } from '@casino/contracts/games';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useAuthDialog } from '../auth/auth-dialog-store';
import { useAuthStore } from '../auth/auth-store';
import { useFavoriteToggle } from './api/favorite';
import { HeartIcon } from './components/icons';
import { gamePaths } from './paths';

/**
 * A game tile (seed 000 section 2 'Lobby and games'): the generated artwork, name and studio.
 * Play Now opens /game-play/{masterCasinoGameId} for a player and the login dialog for a visitor;
 * players also get the favourite heart. On phones Play Now sits under the art, never over the
 * title painted at its foot (issue 9 point 7).
 */
export function GameTile({ game, className, eager = false }: { game: Game; className?: string; eager?: boolean }) {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const showDialog = useAuthDialog((state) => state.show);
  const navigate = useNavigate();
  const favorite = useFavoriteToggle();

  const play = () => {
    if (signedIn) void navigate(gamePaths.gamePlay(game.masterCasinoGameId));
    else showDialog('login');
  };

  return (
    <article className={cn('group flex min-w-0 flex-col gap-2', className)} data-testid="game-tile" aria-label={game.name}>
      <div className="relative">
        <div className="relative aspect-[3/4] overflow-hidden rounded-2xl bg-night-800 shadow-lg ring-1 ring-night-600/60 transition group-hover:-translate-y-0.5 group-hover:shadow-glow group-hover:ring-gold-400/60">
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            onClick={play}
            className="absolute inset-0 block h-full w-full cursor-pointer"
          >
            <img
              src={game.imageUrl}
              alt=""
              width={300}
              height={400}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
            />
          </button>
          {signedIn ? (
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
          ) : null}
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
