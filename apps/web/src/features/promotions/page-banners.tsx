import type { BannerPageName } from '@casino/contracts/banners';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { useAuthStore } from '../auth/auth-store';
import { bannersQuery } from '../lobby/api';

const BannerSwiper = lazy(() => import('../lobby/components/banner-swiper'));

/** A page's banners (seed 000 section 3 'Banner'), for this visitor or player; a fixed-height placeholder while loading. */
export function PageBanners({ pageName }: { pageName: BannerPageName }) {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const banners = useQuery(bannersQuery(pageName, signedIn));
  if (banners.isPending) return <Skeleton className="aspect-[3/1] w-full rounded-2xl sm:aspect-[6/1]" />;
  if (!banners.data || banners.data.length === 0) return null;
  return (
    <Suspense fallback={<Skeleton className="aspect-[3/1] w-full rounded-2xl sm:aspect-[6/1]" />}>
      <BannerSwiper banners={banners.data} />
    </Suspense>
  );
}
