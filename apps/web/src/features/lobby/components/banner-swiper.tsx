import type { Banner } from '@casino/contracts/banners';
import { BANNER_AUTOPLAY_MS } from '@casino/contracts/constants';
import { A11y, Autoplay, Keyboard } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { BannerSlide } from './banner-slide';

/**
 * Slides per view by width (seed 000 section 2: 6, falling to 5, 4, 3 and 2 on narrower screens)
 * and autoplay every 2000 ms; it pauses while hovered or focused, and the arrow keys move it.
 * The lobby's still first screen (banner-carousel.tsx) copies these widths and gaps.
 */
const breakpoints = {
  0: { slidesPerView: 2, spaceBetween: 10 },
  640: { slidesPerView: 3, spaceBetween: 12 },
  960: { slidesPerView: 4, spaceBetween: 14 },
  1280: { slidesPerView: 5, spaceBetween: 16 },
  1536: { slidesPerView: 6, spaceBetween: 16 },
};

/**
 * `advanceAtOnce`: the carousel takes over from a still first screen that has already shown for
 * an autoplay period, so it moves on straight away.
 */
export default function BannerSwiper({ banners, advanceAtOnce = false }: { banners: Banner[]; advanceAtOnce?: boolean }) {
  return (
    <Swiper
      modules={[Autoplay, A11y, Keyboard]}
      breakpoints={breakpoints}
      rewind
      autoplay={{ delay: BANNER_AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true }}
      keyboard={{ enabled: true, onlyInViewport: true }}
      a11y={{ enabled: true }}
      aria-label="Promotions"
      className="w-full max-w-full min-w-0 !pb-1"
      onAfterInit={(swiper) => {
        if (advanceAtOnce) swiper.slideNext();
      }}
    >
      {banners.map((banner) => (
        <SwiperSlide key={banner.bannerId} data-testid="banner-slide">
          <BannerSlide banner={banner} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
