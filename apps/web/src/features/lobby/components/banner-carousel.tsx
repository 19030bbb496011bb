import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuthStore } from '../../auth/auth-store';
import { bannersQuery } from '../api';

/** The carousel library is loaded only with the lobby, after the banners answer. */
const BannerSwiper = lazy(() => import('./banner-swiper'));

/** Which placeholder slides show at which width: one row, as many as the carousel will show. */
const PLACEHOLDER_VISIBILITY = ['', '', 'hidden sm:block', 'hidden lg:block', 'hidden xl:block', 'hidden 2xl:block'];

function Placeholder() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6" aria-hidden="true">
      {PLACEHOLDER_VISIBILITY.map((visibility, index) => (
        <Skeleton key={index} className={`aspect-[3/2] w-full rounded-2xl ${visibility}`} />
      ))}
    </div>
  );
}

/** The lobby's banner carousel (seed 000 section 2): the lobbySlider banners for this visitor or player. */
export function BannerCarousel() {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const banners = useQuery(bannersQuery('lobbySlider', signedIn));
  if (banners.isPending) return <Placeholder />;
  if (!banners.data || banners.data.length === 0) return null;
  return (
    <Suspense fallback={<Placeholder />}>
      <BannerSwiper banners={banners.data} />
    </Suspense>
  );
}
