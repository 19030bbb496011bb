import { gameTexts } from '@casino/contracts/game-constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import { errorMessage, isSessionHandled } from '../../lib/http';
import { useCoinStore, walletHold } from '../wallet';
import { useFavoriteToggle } from './api/favorite';
import { launchQuery } from './api/launch';
import { HeartIcon, HomeIcon } from './components/icons';
import { GameBarLogo, GameLoading, GamePageFrame } from './game-page-frame';
import { onGameFrameMessage } from './game-frame-rounds';
import { gamePaths } from './paths';

/**
 * /game-play/{gameId} (seed 000 sections 2 and 7): launches the game in the coin the header shows
 * and frames its gameUrl at full height; switching the coin relaunches it. The bottom bar holds Go
 * to Lobby, the Favourite toggle and the logo. A refused launch toasts its message and shows
 * 'Error' (seed 000 section 8). While the frame's round is hidden (reels turning, card covered)
 * the header's balance holds still and shows the new balance when the game reveals the outcome.
 */
export function Component() {
  const { gameId = '' } = useParams();
  const id = Number(gameId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const coin = useCoinStore((state) => state.coin);
  const launch = useQuery({ ...launchQuery(id, coin), enabled: valid });
  // The toggled state, for the game it was toggled on (the launch answer says the state before).
  const [favorite, setFavorite] = useState<{ gameId: number; isFavorite: boolean } | null>(null);
  const toggle = useFavoriteToggle((isFavorite) => setFavorite({ gameId: id, isFavorite }));
  const isFavorite = (favorite?.gameId === id ? favorite.isFavorite : undefined) ?? launch.data?.isFavorite ?? false;

  const frame = useRef<HTMLIFrameElement>(null);
  useGameFrameRounds(frame);

  const failure = launch.error ? errorMessage(launch.error) : launch.data && !launch.data.success ? launch.data.message : null;
  // A 401 was already told by the session handlers (lib/http.ts): one toast, not two.
  const told = isSessionHandled(launch.error);
  useEffect(() => {
    if (failure && !told) toast.error(failure);
  }, [failure, told]);

  let body;
  if (!valid) {
    body = <LaunchError message="This game is not available." />;
  } else if (failure) {
    body = <LaunchError message={failure} />;
  } else if (!launch.data) {
    body = <GameLoading />;
  } else {
    body = (
      <iframe
        ref={frame}
        key={launch.data.gameUrl}
        src={launch.data.gameUrl}
        title={launch.data.gameName}
        className="absolute inset-0 h-full w-full border-0"
        allow="fullscreen"
      />
    );
  }

  return (
    <GamePageFrame
      bar={
        <>
          <Tooltip content={gameTexts.goToLobby}>
            <Link
              to={gamePaths.lobby}
              aria-label={gameTexts.goToLobby}
              className="flex h-10 w-10 items-center justify-center rounded-xl text-ink-muted transition hover:bg-night-700 hover:text-ink"
            >
              <HomeIcon />
            </Link>
          </Tooltip>
          <Tooltip content={gameTexts.favourite}>
            <button
              type="button"
              aria-label={gameTexts.favourite}
              aria-pressed={isFavorite}
              disabled={!launch.data || toggle.isPending}
              onClick={() => toggle.mutate({ gameId: id, favorite: !isFavorite })}
              className={cn(
                'flex h-10 w-10 cursor-pointer items-center justify-center rounded-xl transition hover:bg-night-700 disabled:cursor-not-allowed disabled:opacity-50',
                isFavorite ? 'text-neon-pink' : 'text-ink-muted hover:text-ink',
              )}
            >
              <HeartIcon filled={isFavorite} />
            </button>
          </Tooltip>
          {launch.data ? <p className="ml-2 truncate text-sm font-bold text-ink-muted max-sm:hidden">{launch.data.gameName}</p> : null}
          <GameBarLogo />
        </>
      }
    >
      {body}
    </GamePageFrame>
  );
}

/** Listens to the game frame's round messages; leaving the page releases any held balance. */
function useGameFrameRounds(frame: RefObject<HTMLIFrameElement | null>) {
  useEffect(() => {
    const onMessage = (event: MessageEvent) => onGameFrameMessage(event, frame.current?.contentWindow, walletHold);
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      walletHold.release();
    };
  }, [frame]);
}

function LaunchError({ message }: { message: string }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="font-display text-3xl font-black text-danger uppercase">Error</h1>
      <p className="max-w-md text-ink-muted">{message}</p>
      <Link
        to={gamePaths.lobby}
        className="inline-flex h-11 items-center rounded-xl bg-gradient-to-b from-gold-300 to-gold-500 px-6 font-bold text-night-950 uppercase"
      >
        {gameTexts.goToLobby}
      </Link>
    </div>
  );
}
