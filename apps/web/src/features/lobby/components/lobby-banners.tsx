import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from '../../auth/auth-store';
import { bannersQuery } from '../api';
import { BannerCarousel, BannerCarouselSkeleton } from './banner-carousel';

/**
 * The lobby's banner carousel (seed 000 section 2): the lobbySlider banners for this visitor or
 * player, at their size while they load. A visitor's come with the page (docs/decisions/032).
 */
export function LobbyBanners() {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const banners = useQuery(bannersQuery('lobbySlider', signedIn));
  if (banners.isPending) return <BannerCarouselSkeleton />;
  if (!banners.data || banners.data.length === 0) return null;
  return <BannerCarousel banners={banners.data} />;
}
