import { accountTexts } from '@casino/contracts/account';
import { paymentMessages, transactionStatus } from '@casino/contracts/store';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/http';
import { profileQueryKey } from '../auth';
import { paymentStatusQuery } from '../store';

/**
 * The 'Payment Status' modal (seed 001 section 2): the profile page opens it
 * when its address carries check_id (the payment's reference). The server checks the payment
 * before answering; a credited or still-processing payment shows the seed's texts, a failed one
 * its own message. The profile is read again (seed 001 section 4 'refreshed after payment').
 */
export function PaymentStatusDialog({ checkId, onClose }: { checkId: string; onClose: () => void }) {
  const status = useQuery({ ...paymentStatusQuery(checkId), retry: false });
  const queryClient = useQueryClient();

  useEffect(() => {
    if (status.data) void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  }, [status.data, queryClient]);

  const processed =
    status.data !== undefined &&
    ([transactionStatus.success, transactionStatus.inProcess, transactionStatus.pending] as number[]).includes(status.data.status);
  return (
    <Dialog open title={accountTexts.paymentStatusTitle} onClose={onClose} size="sm">
      <div className="flex flex-col items-center gap-3 text-center" data-testid="payment-status">
        {status.isPending ? (
          <Spinner className="h-8 w-8 text-gold-300" label="Checking your payment" />
        ) : status.isError ? (
          <p className="text-danger">{errorMessage(status.error)}</p>
        ) : processed ? (
          <>
            <span className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-sc/15 text-emerald-sc">
              <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
                <path d="m5 12.5 4.5 4.5L19 7.5" />
              </svg>
            </span>
            <p className="text-lg font-bold text-ink">{paymentMessages.inProcess}</p>
            <p className="text-sm text-ink-muted">{paymentMessages.inProcessDetail}</p>
          </>
        ) : (
          <>
            <span className="flex h-14 w-14 items-center justify-center rounded-full bg-danger/15 text-danger">
              <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </span>
            <p className="text-sm text-ink">{status.data?.message}</p>
          </>
        )}
        <Button className="mt-2 w-full" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
