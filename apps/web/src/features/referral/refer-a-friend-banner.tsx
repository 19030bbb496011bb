import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useAuthStore } from '../auth';
import { bannersQuery } from '../banners';

/**
 * The lobby's lobbyPageReferAFriend banner (seed 000 section 3), for signed-in players: a wide
 * strip leading to the refer-a-friend page. It sits below the game rows, so it moves nothing
 * above it when it arrives.
 */
export function ReferAFriendBanner() {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const banners = useQuery({ ...bannersQuery('lobbyPageReferAFriend', true), enabled: signedIn });
  const banner = signedIn ? banners.data?.[0] : undefined;
  if (!banner) return null;
  return (
    <Link
      to={banner.redirectUrl ?? '/refer-a-friend'}
      data-testid="refer-a-friend-banner"
      className="group flex items-center gap-4 overflow-hidden rounded-2xl border border-emerald-400/30 bg-gradient-to-r from-emerald-900/70 via-night-800 to-night-850 p-3 shadow-lg transition hover:border-emerald-300/70 sm:gap-6 sm:p-4"
    >
      <img
        src={banner.desktopImageUrl}
        alt=""
        width={120}
        height={80}
        className="aspect-[3/2] w-24 shrink-0 rounded-xl object-cover sm:w-32"
      />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="font-display text-lg font-black tracking-wide text-emerald-300 uppercase sm:text-xl">{banner.title}</span>
        <span className="text-sm text-ink-muted sm:text-base">{banner.subtitle}</span>
      </span>
      <span className="hidden shrink-0 rounded-full bg-emerald-400 px-4 py-2 text-sm font-bold text-night-950 transition group-hover:bg-emerald-300 sm:inline">
        Invite Friends
      </span>
    </Link>
  );
}
