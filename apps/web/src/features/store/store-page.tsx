import { billingDetailsMissing } from '@casino/contracts/billing';
import { paymentMessages, type Package } from '@casino/contracts/store';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/http';
import { lazy, Suspense, useEffect, useState } from 'react';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { bannersQuery } from '../lobby/api';
import { packagesQuery } from './api';
import { PackageCard } from './components/package-card';
import { BillingDetailsDialog } from './components/billing-details-dialog';
import { PurchaseDialog } from './components/purchase-dialog';
import { profileQueryOptions, useProfile } from '../auth/profile';

const BannerSwiper = lazy(() => import('../lobby/components/banner-swiper'));

/**
 * /user/store (seed 001 section 2 'Store screen'): the storePage banners, 'Store', and the package
 * grid (4, 3, 2 or 1 columns by width). It scrolls to the top on opening.
 */
export function Component() {
  const packages = useQuery(packagesQuery());
  const banners = useQuery(bannersQuery('storePage', true));
  const queryClient = useQueryClient();
  const [buying, setBuying] = useState<{ pkg: Package; stage: 'checking' | 'billing' | 'payment' } | null>(null);
  const profile = useProfile();

  // The payment opens when the billing details are complete (read fresh); otherwise they are asked first.
  const buy = async (pkg: Package) => {
    setBuying({ pkg, stage: 'checking' });
    try {
      const user = await queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 });
      setBuying({ pkg, stage: billingDetailsMissing(user) ? 'billing' : 'payment' });
    } catch (error) {
      setBuying(null);
      toast.error(errorMessage(error, paymentMessages.purchaseErrorFallback));
    }
  };
  const close = () => setBuying(null);

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);

  return (
    <div className="flex flex-col gap-6 px-3 py-5 sm:px-5">
      {banners.data && banners.data.length > 0 ? (
        <Suspense fallback={null}>
          <BannerSwiper banners={banners.data} />
        </Suspense>
      ) : null}
      <h1 className="font-display text-2xl font-black tracking-wide uppercase sm:text-3xl">Store</h1>
      {packages.isPending ? (
        <div className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="h-80 rounded-2xl" />
          ))}
        </div>
      ) : packages.data && packages.data.count > 0 ? (
        <div className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="package-grid">
          {packages.data.rows.map((pkg) => (
            <PackageCard
              key={pkg.packageId}
              pkg={pkg}
              busy={buying?.pkg.packageId === pkg.packageId}
              disabled={buying !== null}
              onBuy={() => void buy(pkg)}
            />
          ))}
        </div>
      ) : (
        <EmptyState title="No Active Packages Found" />
      )}
      {buying?.stage === 'billing' && profile.data ? (
        <BillingDetailsDialog user={profile.data} onSaved={() => setBuying({ pkg: buying.pkg, stage: 'payment' })} onClose={close} />
      ) : null}
      {buying?.stage === 'payment' ? <PurchaseDialog key={buying.pkg.packageId} pkg={buying.pkg} onClose={close} /> : null}
    </div>
  );
}
