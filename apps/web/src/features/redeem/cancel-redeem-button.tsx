import { redeemStatus, redeemTexts } from '@casino/contracts/redeem';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { errorMessage, isSessionHandled } from '../../lib/http';
import { useCancelRedeem } from './api';

/**
 * The Transactions tab's Cancel button for a redemption: only while it is pending (status 0).
 * Success toasts 'Redeem request successfully cancelled'; an error toasts and the list reloads
 * (seed 001 section 8).
 */
export function CancelRedeemButton({ withdrawRequestId, status }: { withdrawRequestId: number; status: number }) {
  const cancel = useCancelRedeem();
  if (status !== redeemStatus.pending) return null;
  return (
    <Button
      size="sm"
      variant="danger"
      loading={cancel.isPending}
      onClick={() =>
        cancel.mutate(withdrawRequestId, {
          onSuccess: () => toast.success(redeemTexts.cancelled),
          onError: (error) => {
            if (!isSessionHandled(error)) toast.error(errorMessage(error, redeemTexts.cancelFallback));
          },
        })
      }
    >
      Cancel
    </Button>
  );
}
