import { paymentMessages, transactionStatus, type PaysafeCompleteResponse } from '@casino/contracts/store';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/http';
import { useCompleteHostedCheckout } from './api';

/**
 * /user/store/deposit-status/{status} (seed 001 section 2): where the hosted checkout returns
 * when it was opened as a page rather than in the dialog's frame. The {status} in the address is
 * the browser's word, so the page asks the server (POST /payment/paysafe with the returned handle
 * token, or null) and shows what the server knows.
 */
export function Component() {
  const { status } = useParams();
  const [params] = useSearchParams();
  const merchantRefNum = params.get('merchantRefNum');
  const paymentHandleToken = params.get('paymentHandleToken');
  const complete = useCompleteHostedCheckout();
  const [result, setResult] = useState<PaysafeCompleteResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { mutate } = complete;

  useEffect(() => {
    if (!merchantRefNum) return;
    mutate(
      { merchantRefNum, paymentHandleToken },
      { onSuccess: setResult, onError: (cause) => setError(errorMessage(cause, paymentMessages.purchaseErrorFallback)) },
    );
  }, [merchantRefNum, paymentHandleToken, mutate]);

  const pending = result !== null && (result.status === transactionStatus.pending || result.status === transactionStatus.inProcess);
  return (
    <div
      className="mx-auto flex max-w-md flex-col items-center gap-4 px-3 py-10 text-center"
      data-testid="deposit-status"
      data-status={status}
    >
      <h1 className="font-display text-2xl font-black tracking-wide uppercase">Payment Status</h1>
      {!merchantRefNum ? <p className="text-ink-muted">{paymentMessages.purchaseErrorFallback}</p> : null}
      {merchantRefNum && !result && !error ? <Spinner className="text-gold-300" label="Checking the payment" /> : null}
      {error ? <p className="text-danger">{error}</p> : null}
      {result && pending ? (
        <>
          <p className="font-bold">{paymentMessages.inProcess}</p>
          <p className="text-ink-muted">{paymentMessages.inProcessDetail}</p>
        </>
      ) : null}
      {result && !pending ? <p className={result.success ? 'font-bold text-emerald-sc' : 'text-ink-muted'}>{result.message}</p> : null}
      <Link to="/user/store" className="font-bold text-gold-300 underline">
        Back to the store
      </Link>
    </div>
  );
}
