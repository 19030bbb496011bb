import type { Banner } from '@casino/contracts/banners';
import { Link } from 'react-router';

/**
 * One banner as a slide: its art (the mobile art on phones) at 3:2, a link when it leads
 * somewhere. The carousel and the lobby's still first screen (banner-carousel.tsx) show the same.
 */
export function BannerSlide({ banner, loading = 'eager' }: { banner: Banner; loading?: 'eager' | 'lazy' }) {
  const image = (
    <picture>
      <source media="(max-width: 639px)" srcSet={banner.mobileImageUrl} />
      <img
        src={banner.desktopImageUrl}
        alt={`${banner.title}: ${banner.subtitle}`}
        width={480}
        height={320}
        loading={loading}
        className="aspect-[3/2] w-full rounded-2xl object-cover shadow-lg ring-1 ring-night-600/60 transition hover:ring-gold-400/70"
      />
    </picture>
  );
  return banner.redirectUrl ? (
    <Link to={banner.redirectUrl} className="block rounded-2xl">
      {image}
    </Link>
  ) : (
    image
  );
}
