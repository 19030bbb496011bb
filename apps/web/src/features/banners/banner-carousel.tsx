import type { Banner, BannerPageName } from '@casino/contracts/banners';
import { useQuery } from '@tanstack/react-query';
import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { prefersReducedMotion } from '../../lib/motion';
import { useAuthStore } from '../auth';
import { bannersQuery } from './api';
import { BannerSlide } from './banner-slide';

/**
 * Slides per view by width (seed 000 section 2: 6, falling to 5, 4, 3 and 2 on narrower screens)
 * and the gap between them, as each slide's left padding and the strip's negative margin.
 */
const STRIP = 'flex touch-pan-y touch-pinch-zoom -ml-[10px] sm:-ml-3 min-[960px]:-ml-[14px] xl:-ml-4';
const SLIDE =
  'min-w-0 shrink-0 grow-0 basis-1/2 pl-[10px] sm:basis-1/3 sm:pl-3 min-[960px]:basis-1/4 min-[960px]:pl-[14px] xl:basis-1/5 xl:pl-4 2xl:basis-1/6';
/** The most slides a screen shows at once. */
const MOST_IN_VIEW = 6;
/** Slides a phone shows: their art loads with the page; the others' as they come into view. */
const SLIDES_ON_PHONE = 2;

/**
 * A banner carousel (the lobby's, the promotions and rewards pages' and the store's). The slides are plain
 * markup, drawn by the server on the lobby's first screen, and show as a still row until the
 * carousel's code has loaded after them (banner-carousel-engine.ts, a chunk of its own), which
 * then moves that same row: nothing is drawn twice and nothing moves at the swap. The arrow keys
 * move it while focus is inside.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const viewport = useRef<HTMLDivElement>(null);
  const carousel = useRef<EmblaCarouselType | null>(null);

  useEffect(() => {
    const node = viewport.current;
    // A browser without these observers keeps the still row.
    if (!node || typeof ResizeObserver === 'undefined' || typeof IntersectionObserver === 'undefined') return;
    let unmounted = false;
    import('./banner-carousel-engine')
      .then(({ startBannerCarousel }) => {
        if (!unmounted) carousel.current = startBannerCarousel(node);
      })
      // The code could not load (a deploy replaced it, the line dropped): the row stays still.
      .catch(() => undefined);
    return () => {
      unmounted = true;
      carousel.current?.destroy();
      carousel.current = null;
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    const api = carousel.current;
    if (!api || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
    event.preventDefault();
    const last = api.scrollSnapList().length - 1;
    const jump = prefersReducedMotion();
    if (event.key === 'ArrowRight') api.scrollTo(api.canScrollNext() ? api.selectedScrollSnap() + 1 : 0, jump);
    else api.scrollTo(api.canScrollPrev() ? api.selectedScrollSnap() - 1 : last, jump);
  };

  return (
    <section aria-roledescription="carousel" aria-label="Promotions" onKeyDown={onKeyDown}>
      <div ref={viewport} className="overflow-hidden pb-1">
        <div className={STRIP}>
          {banners.map((banner, index) => (
            <div
              key={banner.bannerId}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${banners.length}`}
              data-testid="banner-slide"
              className={SLIDE}
            >
              <BannerSlide banner={banner} loading={index < SLIDES_ON_PHONE ? 'eager' : 'lazy'} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

/** A carousel's place while its banners load: as many slides as the widest screen shows, at their size. */
export function BannerCarouselSkeleton() {
  return (
    <div className="overflow-hidden pb-1" aria-hidden="true">
      <div className={STRIP}>
        {Array.from({ length: MOST_IN_VIEW }, (_, index) => (
          <div key={index} className={SLIDE}>
            <Skeleton className="aspect-[3/2] w-full rounded-2xl" />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * A page's banners as a carousel (seed 000 section 3 'Banner': the lobby's lobbySlider, the
 * promotions and rewards pages'), for this visitor or player, at their size while they load. A
 * visitor's lobby banners come with the page (docs/decisions/067).
 */
export function PageBanners({ pageName }: { pageName: BannerPageName }) {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const banners = useQuery(bannersQuery(pageName, signedIn));
  if (banners.isPending) return <BannerCarouselSkeleton />;
  if (!banners.data || banners.data.length === 0) return null;
  return <BannerCarousel banners={banners.data} />;
}
