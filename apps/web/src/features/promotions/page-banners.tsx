import type { BannerPageName } from '@casino/contracts/banners';
import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from '../auth/auth-store';
import { BannerCarousel, BannerCarouselSkeleton } from '../lobby/components/banner-carousel';
import { bannersQuery } from '../lobby/api';

/** A page's banners (seed 000 section 3 'Banner'), for this visitor or player, at their size while they load. */
export function PageBanners({ pageName }: { pageName: BannerPageName }) {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const banners = useQuery(bannersQuery(pageName, signedIn));
  if (banners.isPending) return <BannerCarouselSkeleton />;
  if (!banners.data || banners.data.length === 0) return null;
  return <BannerCarousel banners={banners.data} />;
}
