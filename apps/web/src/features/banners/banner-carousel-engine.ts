import { BANNER_AUTOPLAY_MS } from '@casino/contracts/constants';
import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import { prefersReducedMotion } from '../../lib/motion';

/**
 * The carousel's behaviour, loaded once its slides are on screen (banner-carousel.tsx): Embla on the
 * viewport the page already drew, whose first child is the strip of slides. It moves one slide
 * every 2000 ms (seed 000 section 2) and back to the first after the last; it pauses while the
 * pointer is over it or a slide has focus, and follows a drag or a swipe. With reduced motion it
 * does not move by itself (the arrow keys, a drag or a swipe still move it), without the slide
 * animation.
 */
export function startBannerCarousel(viewport: HTMLElement): EmblaCarouselType {
  const reducedMotion = prefersReducedMotion();
  return EmblaCarousel(viewport, { align: 'start', containScroll: 'trimSnaps' }, [
    Autoplay({
      delay: BANNER_AUTOPLAY_MS,
      stopOnInteraction: false,
      stopOnMouseEnter: true,
      jump: reducedMotion,
      playOnInit: !reducedMotion,
    }),
  ]);
}
