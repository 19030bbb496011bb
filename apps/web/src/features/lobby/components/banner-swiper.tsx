import type { Banner } from '@casino/contracts/banners';
import { BANNER_AUTOPLAY_MS } from '@casino/contracts/constants';
import { Link } from 'react-router';
import { A11y, Autoplay, Keyboard } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';

/**
 * Slides per view by width (seed 000 section 2: 6, falling to 5, 4, 3 and 2 on narrower screens)
 * and autoplay every 2000 ms; it pauses while hovered or focused, and the arrow keys move it.
 */
const breakpoints = {
  0: { slidesPerView: 2, spaceBetween: 10 },
  640: { slidesPerView: 3, spaceBetween: 12 },
  960: { slidesPerView: 4, spaceBetween: 14 },
  1280: { slidesPerView: 5, spaceBetween: 16 },
  1536: { slidesPerView: 6, spaceBetween: 16 },
};

export default function BannerSwiper({ banners }: { banners: Banner[] }) {
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
    >
      {banners.map((banner) => {
        const image = (
          <picture>
            <source media="(max-width: 639px)" srcSet={banner.mobileImageUrl} />
            <img
              src={banner.desktopImageUrl}
              alt={`${banner.title}: ${banner.subtitle}`}
              width={480}
              height={320}
              className="aspect-[3/2] w-full rounded-2xl object-cover shadow-lg ring-1 ring-night-600/60 transition hover:ring-gold-400/70"
            />
          </picture>
        );
        return (
          <SwiperSlide key={banner.bannerId} data-testid="banner-slide">
            {banner.redirectUrl ? (
              <Link to={banner.redirectUrl} className="block rounded-2xl">
                {image}
              </Link>
            ) : (
              image
            )}
          </SwiperSlide>
        );
      })}
    </Swiper>
  );
}
