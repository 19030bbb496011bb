import { BANNER_AUTOPLAY_MS } from '@casino/contracts/constants';
import type { Banner } from '@casino/contracts/banners';
import { useQuery } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useAuthStore } from '../../auth/auth-store';
import { bannersQuery } from '../api';
import { BannerSlide } from './banner-slide';

const BannerSwiper = lazy(() => import('./banner-swiper'));

/**
 * The carousel's first screen without the carousel: the same slides per view and gaps at the
 * same widths (banner-swiper.tsx's breakpoints: 2, 3 from 640 px, 4 from 960, 5 from 1280, 6
 * from 1536), its bottom padding and its clipping, so nothing moves when one replaces the other.
 */
const firstScreenClass =
  'grid grid-cols-2 gap-[10px] overflow-hidden pb-1 sm:grid-cols-3 sm:gap-3 min-[960px]:grid-cols-4 min-[960px]:gap-[14px] xl:grid-cols-5 xl:gap-4 2xl:grid-cols-6';
/** Which of the first six slides show at which width. */
const SLOT_VISIBILITY = ['', '', 'hidden sm:block', 'hidden min-[960px]:block', 'hidden xl:block', 'hidden 2xl:block'];
/** Slides a phone shows: their art loads at once; the others' only at the widths that show them. */
const SLIDES_ON_PHONE = 2;

function Placeholder() {
  return (
    <div className={firstScreenClass} aria-hidden="true">
      {SLOT_VISIBILITY.map((visibility, index) => (
        <Skeleton key={index} className={cn('aspect-[3/2] w-full rounded-2xl', visibility)} />
      ))}
    </div>
  );
}

function FirstScreen({ banners, onInteract }: { banners: Banner[]; onInteract: () => void }) {
  return (
    <div className={firstScreenClass} onPointerEnter={onInteract} onTouchStart={onInteract} onFocus={onInteract}>
      {banners.slice(0, SLOT_VISIBILITY.length).map((banner, index) => (
        <div key={banner.bannerId} data-testid="banner-slide" className={SLOT_VISIBILITY[index]}>
          <BannerSlide banner={banner} loading={index < SLIDES_ON_PHONE ? 'eager' : 'lazy'} />
        </div>
      ))}
    </div>
  );
}

/**
 * The lobby's banner carousel (seed 000 section 2): the lobbySlider banners for this visitor or
 * player. Its first screen shows as still slides; the carousel library loads when the visitor
 * reaches for it, or once the first autoplay period is over, when it moves on at once as autoplay
 * would have. The library and its animation loop stay out of the page's first load (issue 17
 * point 4).
 */
export function BannerCarousel() {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const banners = useQuery(bannersQuery('lobbySlider', signedIn));
  const [carousel, setCarousel] = useState<'waiting' | 'reached' | 'due'>('waiting');
  const hasBanners = (banners.data?.length ?? 0) > 0;
  // A transition: the still slides stay until the carousel's code has loaded, then it replaces
  // them in one step.
  const start = (reason: 'reached' | 'due') => startTransition(() => setCarousel((state) => (state === 'waiting' ? reason : state)));

  useEffect(() => {
    if (!hasBanners || carousel !== 'waiting') return;
    const timer = window.setTimeout(() => start('due'), BANNER_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [hasBanners, carousel]);

  if (banners.isPending) return <Placeholder />;
  if (!banners.data || banners.data.length === 0) return null;
  const firstScreen = <FirstScreen banners={banners.data} onInteract={() => start('reached')} />;
  return (
    <Suspense fallback={firstScreen}>
      {carousel === 'waiting' ? firstScreen : <BannerSwiper banners={banners.data} advanceAtOnce={carousel === 'due'} />}
    </Suspense>
  );
}
