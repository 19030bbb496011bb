import { billingDetailsMissing } from '@casino/contracts/billing';
import { paymentMessages, type Package } from '@casino/contracts/store';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/http';
import { profileQueryOptions, useProfile } from '../../auth';
import { BillingDetailsDialog } from './billing-details-dialog';
import { PurchaseDialog } from './purchase-dialog';

type PurchaseStage = 'checking' | 'billing' | 'payment';

/**
 * Buying a package (seed 001 section 2): the payment dialog opens when the billing details are
 * complete (read fresh); otherwise the billing-details step comes first. Used by the store grid
 * and by the flash-sale offers (store page and start-up step 7).
 */
export function PurchaseFlow({ pkg, onClose }: { pkg: Package; onClose: () => void }) {
  const queryClient = useQueryClient();
  const profile = useProfile();
  const [stage, setStage] = useState<PurchaseStage>('checking');

  useEffect(() => {
    let cancelled = false;
    queryClient
      .fetchQuery({ ...profileQueryOptions(), staleTime: 0 })
      .then((user) => {
        if (!cancelled) setStage(billingDetailsMissing(user) ? 'billing' : 'payment');
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        toast.error(errorMessage(error, paymentMessages.purchaseErrorFallback));
        onClose();
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per package
  }, [pkg.packageId]);

  if (stage === 'billing' && profile.data) {
    return <BillingDetailsDialog user={profile.data} onSaved={() => setStage('payment')} onClose={onClose} />;
  }
  if (stage === 'payment') return <PurchaseDialog key={pkg.packageId} pkg={pkg} onClose={onClose} />;
  return null;
}
