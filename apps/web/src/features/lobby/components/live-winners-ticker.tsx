import { TICKER_SCROLL_SECONDS } from '@casino/contracts/constants';
import type { LiveWinner } from '@casino/contracts/games';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { formatAmount } from '../../../lib/format';
import { useAuthStore } from '../../auth';
import { liveWinnersQuery } from '../../games';

/**
 * The live winnings ticker (seed 000 sections 2 and 9): the latest wins, the list repeated so the
 * strip scrolls without a gap, once every 20 s; it pauses on hover and for players who ask for
 * less motion. Signed-in players get new wins live over the live-winners socket (seed 000 section
 * 4 'Sockets': connected while user details exist). The strip has one height, loading, empty
 * (two lines on a phone) or full, so the lobby under it never moves.
 */
export function LiveWinnersTicker() {
  const winners = useQuery(liveWinnersQuery());
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => (state.isAuthenticated ? state.user?.userId : undefined));

  useEffect(() => {
    if (userId === undefined) return;
    let close: (() => void) | undefined;
    let stopped = false;
    void import('../live-winners-socket').then(({ openLiveWinnersSocket }) => {
      if (stopped) return;
      close = openLiveWinnersSocket((list) => queryClient.setQueryData(liveWinnersQuery().queryKey, list));
    });
    const onPageHide = () => close?.();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      stopped = true;
      window.removeEventListener('pagehide', onPageHide);
      close?.();
    };
  }, [userId, queryClient]);

  const rows = winners.data?.rows ?? [];
  return (
    <section
      aria-label="Live winners"
      className="flex h-12.5 items-center gap-3 overflow-hidden rounded-2xl border border-night-600/70 bg-night-850/80 pr-2 pl-3"
    >
      <span className="flex shrink-0 items-center gap-2 text-xs font-black tracking-widest text-emerald-sc uppercase">
        <span className="relative flex h-2.5 w-2.5">
          <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-emerald-sc opacity-75" />
          <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-emerald-sc" />
        </span>
        Live wins
      </span>
      {rows.length === 0 ? (
        <p className="line-clamp-2 text-sm text-ink-faint">{winners.isPending ? 'Loading…' : 'No wins yet: yours could be the first.'}</p>
      ) : (
        <div className="group relative min-w-0 flex-1 overflow-hidden [mask-image:linear-gradient(90deg,transparent,#000_4%,#000_96%,transparent)]">
          {/* The list twice: the strip moves by half its width, so the second copy takes the first's place. */}
          <ul
            className="flex w-max gap-3 group-hover:[animation-play-state:paused] motion-reduce:animate-none"
            style={{ animation: `ticker ${TICKER_SCROLL_SECONDS}s linear infinite` }}
          >
            {[...rows, ...rows].map((winner, index) => (
              <WinnerChip key={index} winner={winner} hidden={index >= rows.length} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function WinnerChip({ winner, hidden }: { winner: LiveWinner; hidden: boolean }) {
  return (
    <li
      aria-hidden={hidden || undefined}
      data-testid={hidden ? undefined : 'live-winner'}
      className="flex shrink-0 items-center gap-2 rounded-xl bg-night-800/90 px-3 py-1.5 text-sm whitespace-nowrap"
    >
      <CoinIcon coin={winner.currency} className="h-4 w-4" />
      <span className="font-bold text-ink">{winner.username}</span>
      <span className="text-ink-faint">won</span>
      <span className={winner.currency === 'GC' ? 'font-extrabold text-gold-300' : 'font-extrabold text-emerald-sc'}>
        {formatAmount(winner.amount)} {winner.currency}
      </span>
      <span className="text-ink-faint">on {winner.gameName}</span>
    </li>
  );
}
