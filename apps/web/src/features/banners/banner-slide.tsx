import type { Banner } from '@casino/contracts/banners';
import { Link } from 'react-router';
import { useNearViewport } from '../../lib/near-viewport';

/**
 * One banner as a slide (banner-carousel.tsx): its art (the mobile art on phones) at 3:2, a link
 * when it leads somewhere. `loading`: 'eager' for the slides a phone shows at once; 'lazy' once
 * the slide comes near the carousel's visible part (lib/near-viewport.ts), so the slides further
 * along do not compete with the first screen. Until then the slide holds its size.
 */
export function BannerSlide({ banner, loading = 'eager' }: { banner: Banner; loading?: 'eager' | 'lazy' }) {
  const [artRef, showArt] = useNearViewport<HTMLDivElement>(loading === 'lazy');
  const label = `${banner.title}: ${banner.subtitle}`;
  const art = (
    <div
      ref={artRef}
      role={showArt ? undefined : 'img'}
      aria-label={showArt ? undefined : label}
      className="aspect-[3/2] w-full overflow-hidden rounded-2xl bg-night-800 shadow-lg ring-1 ring-night-600/60 transition hover:ring-gold-400/70"
    >
      {showArt ? (
        <picture>
          <source media="(max-width: 639px)" srcSet={banner.mobileImageUrl} />
          <img src={banner.desktopImageUrl} alt={label} width={480} height={320} className="h-full w-full object-cover" />
        </picture>
      ) : null}
    </div>
  );
  return banner.redirectUrl ? (
    <Link to={banner.redirectUrl} className="block rounded-2xl">
      {art}
    </Link>
  ) : (
    art
  );
}
