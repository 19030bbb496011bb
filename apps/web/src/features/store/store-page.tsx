import type { Package } from '@casino/contracts/store';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { useAuthStore } from '../auth';
import { BannerCarousel, bannersQuery } from '../banners';
import { MAIL_IN_ENTRY_PATH } from '../mail-in';
import { offersQuery, packagesQuery, storeKeys } from './api';
import { PackageCard } from './components/package-card';
import { PurchaseFlow } from './components/purchase-flow';
import { OfferCard } from './offers/offer-card';
import { PagePopup } from '../popups';

const GRID = 'grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/**
 * /user/store (seed 001 section 2 'Store screen'): the storePage banners, the signed-in player's
 * flash-sale offers with their countdowns (decision 011), 'Store', and the package grid (4, 3, 2
 * or 1 columns by width). It scrolls to the top on opening.
 */
export function Component() {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const packages = useQuery(packagesQuery());
  const offers = useQuery({ ...offersQuery(), enabled: signedIn });
  const banners = useQuery(bannersQuery('storePage', true));
  const queryClient = useQueryClient();
  const [buying, setBuying] = useState<Package | null>(null);
  const [ended, setEnded] = useState<number[]>([]);

  const buy = (pkg: Package) => setBuying(pkg);
  const close = () => {
    setBuying(null);
    // A bought offer is never offered again: the server answers without it.
    void queryClient.invalidateQueries({ queryKey: storeKeys.offers });
  };
  const liveOffers = (offers.data?.rows ?? []).filter((offer) => !ended.includes(offer.packageId));

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);

  return (
    <div className="flex flex-col gap-6 px-3 py-5 sm:px-5">
      {banners.data && banners.data.length > 0 ? <BannerCarousel banners={banners.data} /> : null}
      {liveOffers.length > 0 ? (
        <section aria-labelledby="store-offers" className="flex flex-col gap-4">
          <h2 id="store-offers" className="font-display text-xl font-black tracking-wide text-neon-pink uppercase sm:text-2xl">
            Special Offers
          </h2>
          <div className={GRID} data-testid="offer-grid">
            {liveOffers.map((offer) => (
              <OfferCard
                key={offer.packageId}
                offer={offer}
                busy={buying?.packageId === offer.packageId}
                disabled={buying !== null}
                onBuy={() => buy(offer)}
                onEnd={() => setEnded((current) => [...current, offer.packageId])}
              />
            ))}
          </div>
        </section>
      ) : null}
      <h1 className="font-display text-2xl font-black tracking-wide uppercase sm:text-3xl">Store</h1>
      {packages.isPending ? (
        <div className={GRID}>
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="h-80 rounded-2xl" />
          ))}
        </div>
      ) : packages.data && packages.data.count > 0 ? (
        <div className={GRID} data-testid="package-grid">
          {packages.data.rows.map((pkg) => (
            <PackageCard
              key={pkg.packageId}
              pkg={pkg}
              busy={buying?.packageId === pkg.packageId}
              disabled={buying !== null}
              onBuy={() => buy(pkg)}
            />
          ))}
        </div>
      ) : (
        <EmptyState title="No Active Packages Found" />
      )}
      <p className="text-sm text-ink-muted">
        No purchase is necessary: Sweeps Coins are also free by post.{' '}
        <Link to={MAIL_IN_ENTRY_PATH} className="font-semibold text-gold-300 underline-offset-2 hover:underline">
          Mail-in entry
        </Link>
      </p>
      {buying ? <PurchaseFlow key={buying.packageId} pkg={buying} onClose={close} /> : null}
      <PagePopup group="store" />
    </div>
  );
}
