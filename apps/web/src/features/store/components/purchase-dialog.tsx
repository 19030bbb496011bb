import { errorCodes } from '@casino/contracts/errors';
import {
  paymentMessages,
  transactionStatus,
  type CreateInstrumentResponse,
  type StartedPayment,
  type Package,
  type WalletType,
} from '@casino/contracts/store';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/http';
import { formatAmount } from '../../../lib/format';
import { reportConversion } from '../../ads';
import { profileQueryKey } from '../../auth';
import {
  paymentStatusQuery,
  savedCardsQuery,
  useCompleteHostedCheckout,
  useCreateInstrument,
  useInitPay,
  useRemoveSavedCard,
} from '../api';
import { storeKeys } from '../api';
import { APPLE_PAY_UNAVAILABLE, detectWallets, payWithApplePay, payWithGooglePay, type WalletPaymentSteps } from '../wallets';

/**
 * The purchase dialog (seed 001 section 2 'Purchase dialog steps', section 4 'Card payment'):
 * order summary with the Credit Card option, loading (init-pay), the card step (the processor's
 * card-field page in an iframe, or a saved card; saving is optional), a 3-D Secure challenge when
 * the processor asks for one, then the result. Coins arrive in the header over the wallet socket
 * once the server has a verified result; this dialog never decides that a payment succeeded.
 */
type Step =
  | { name: 'summary' }
  | { name: 'loading' }
  | { name: 'card'; intent: StartedPayment }
  | { name: 'hosted'; intent: StartedPayment; result: { success: boolean; message: string } | null }
  | { name: 'challenge'; intent: StartedPayment; url: string }
  | { name: 'checking'; intent: StartedPayment }
  | { name: 'result'; success: boolean; message: string };

const BRAND_LABELS: Record<string, string> = { VISA: 'Visa', MASTERCARD: 'Mastercard', DISCOVER: 'Discover', AMERICAN_EXPRESS: 'Amex' };
const OPEN = [transactionStatus.pending, transactionStatus.inProcess] as number[];

interface FinixMessage {
  type?: string;
  token?: string;
  message?: string;
  name?: string;
  state?: string;
  merchantRefNum?: string;
  paymentHandleToken?: string;
}

/** Messages from the processor's frames (same origin in the sandbox; the vendor's origin otherwise). */
function useFrameMessages(handler: (message: FinixMessage) => void) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || typeof event.data !== 'object' || event.data === null) return;
      ref.current(event.data as FinixMessage);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);
}

export function PurchaseDialog({ pkg, onClose }: { pkg: Package; onClose: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'summary' });
  const [saveCard, setSaveCard] = useState(false);
  const [savedCardId, setSavedCardId] = useState<number | null>(null);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const intentRef = useRef<StartedPayment | null>(null);
  const queryClient = useQueryClient();
  const initPay = useInitPay();
  const createInstrument = useCreateInstrument();
  const removeCard = useRemoveSavedCard();
  const savedCards = useQuery({ ...savedCardsQuery(), enabled: step.name === 'card' });

  const failWith = (cause: unknown) => {
    setPaying(false);
    // A deposit limit re-checked at the charge (responsible play): the seed's 'Limit' toast.
    if (cause instanceof ApiError && cause.code === errorCodes.DepositLimitReached.code) {
      const details = cause.errors[0]?.details as { limitAmount?: number } | undefined;
      toast.error(`Limit: ${details?.limitAmount ?? ''} - ${cause.message}`);
      onClose();
      return;
    }
    const message = cause instanceof ApiError && cause.code !== errorCodes.InternalServerError.code ? cause.message : null;
    setError(message ?? paymentMessages.purchaseErrorFallback);
  };

  const start = async (providerType: 'FINIX' | 'PAYSAFE') => {
    setStep({ name: 'loading' });
    try {
      const intent = await initPay.mutateAsync({
        amount: pkg.amount,
        packageId: pkg.packageId,
        paymentType: 'deposit',
        providerType,
      });
      if (intent.limitCheck.limitReached || intent.paymentData === null || intent.id === null) {
        toast.error(`Limit: ${intent.limitCheck.limitAmount ?? ''} - ${intent.limitCheck.message ?? ''}`);
        onClose();
        return;
      }
      const started = intent as StartedPayment;
      intentRef.current = started;
      setStep(providerType === 'FINIX' ? { name: 'card', intent: started } : { name: 'hosted', intent: started, result: null });
    } catch (cause) {
      setStep({ name: 'summary' });
      failWith(cause);
    }
  };

  const settle = (intent: StartedPayment, result: CreateInstrumentResponse) => {
    setPaying(false);
    if (result.state === 'SUCCEEDED') finish(true, paymentMessages.success);
    else if (result.state === 'FAILED') finish(false, result.message ?? paymentMessages.failed);
    else if (result.threeDSecureUrl) setStep({ name: 'challenge', intent, url: result.threeDSecureUrl });
    else setStep({ name: 'checking', intent });
  };

  const finish = (success: boolean, message: string) => {
    setStep({ name: 'result', success, message });
    if (success && intentRef.current) {
      const eventId = intentRef.current.paymentData.merchantRefNum;
      reportConversion('purchase', { eventId, amount: pkg.amount });
      reportConversion('deposit', { eventId, amount: pkg.amount });
    }
    // The profile is refreshed after payment (seed 001 section 4 'Other'); a bought offer is gone.
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    void queryClient.invalidateQueries({ queryKey: storeKeys.offers });
  };

  const charge = async (intent: StartedPayment, body: { token?: string; paymentInformationId?: number; name?: string }) => {
    try {
      const result = await createInstrument.mutateAsync({
        type: 'TOKEN',
        merchantRefNum: intent.paymentData.merchantRefNum,
        amount: intent.paymentData.amount,
        packageId: pkg.packageId,
        isSaveCard: body.token !== undefined && saveCard,
        ...body,
      });
      settle(intent, result);
    } catch (cause) {
      failWith(cause);
    }
  };

  const wallets = useQuery({ queryKey: ['store', 'wallets'], queryFn: () => detectWallets(), staleTime: Infinity });
  const walletSteps: WalletPaymentSteps = {
    amount: pkg.amount,
    initIntent: async () => {
      const intent = await initPay.mutateAsync({
        amount: pkg.amount,
        packageId: pkg.packageId,
        paymentType: 'deposit',
        providerType: 'FINIX',
      });
      if (intent.limitCheck.limitReached || intent.paymentData === null || intent.id === null) {
        // The seed's 'Limit' toast, as for a card; the wallet's sheet is cancelled.
        toast.error(`Limit: ${intent.limitCheck.limitAmount ?? ''} - ${intent.limitCheck.message ?? ''}`);
        onClose();
        throw new Error('deposit limit reached');
      }
      const started = intent as StartedPayment;
      intentRef.current = started;
      return started;
    },
    charge: (intent, type: WalletType, token) =>
      createInstrument.mutateAsync({
        type,
        token,
        merchantRefNum: intent.paymentData.merchantRefNum,
        amount: intent.paymentData.amount,
        packageId: pkg.packageId,
        isSaveCard: false,
      }),
  };
  // Begun in the click itself: both sheets need the player's gesture.
  const payWithWallet = (wallet: 'apple' | 'google') => {
    setError(null);
    setStep({ name: 'loading' });
    const flow = wallet === 'apple' ? payWithApplePay(walletSteps) : payWithGooglePay(walletSteps);
    flow
      .then((outcome) => {
        if (outcome) settle(outcome.intent, outcome.result);
        else setStep({ name: 'summary' });
      })
      .catch((cause: unknown) => {
        setStep({ name: 'summary' });
        failWith(cause);
      });
  };

  const pay = () => {
    if (step.name !== 'card') return;
    setError(null);
    setPaying(true);
    if (savedCardId !== null) void charge(step.intent, { paymentInformationId: savedCardId });
    else frame.current?.contentWindow?.postMessage({ type: 'finix:tokenize' }, window.location.origin);
  };

  const completeHosted = useCompleteHostedCheckout();
  useFrameMessages((message) => {
    if (step.name === 'hosted' && message.merchantRefNum === step.intent.paymentData.merchantRefNum) {
      if (message.type === 'paysafe:result' && message.paymentHandleToken) {
        // The server charges the handle; the checkout shows its own screen meanwhile.
        const intent = step.intent;
        completeHosted.mutate(
          { merchantRefNum: intent.paymentData.merchantRefNum, paymentHandleToken: message.paymentHandleToken },
          {
            onSuccess: (result) => setStep((current) => (current.name === 'hosted' ? { ...current, result } : current)),
            onError: failWith,
          },
        );
      } else if (message.type === 'paysafe:close') {
        // The checkout closed itself (5 s after its screen): our result, as the server decided it.
        if (step.result) finish(step.result.success, step.result.message);
        else setStep({ name: 'checking', intent: step.intent });
      }
      return;
    }
    if (message.type === 'finix:token' && step.name === 'card' && message.token) {
      void charge(step.intent, { token: message.token, ...(message.name ? { name: message.name } : {}) });
    } else if (message.type === 'finix:error' && step.name === 'card') {
      setPaying(false);
    } else if (message.type === 'finix:3ds' && step.name === 'challenge') {
      setStep({ name: 'checking', intent: step.intent });
    }
  });

  const checkingRef = step.name === 'checking' ? step.intent.paymentData.merchantRefNum : '';
  const status = useQuery({
    ...paymentStatusQuery(checkingRef),
    enabled: step.name === 'checking',
    refetchInterval: (query) => (query.state.data && !OPEN.includes(query.state.data.status) ? false : 1000),
  });
  useEffect(() => {
    if (step.name !== 'checking' || !status.data || OPEN.includes(status.data.status)) return;
    finish(status.data.status === transactionStatus.success, status.data.message);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the answer changes
  }, [status.data, step.name]);

  const closable = !paying && step.name !== 'loading';

  return (
    <>
      <Dialog open title="Payment" onClose={closable ? onClose : undefined} size="md">
        <div className="flex flex-col gap-4" data-testid="purchase-dialog">
          <OrderSummary pkg={pkg} />

          {step.name === 'summary' ? (
            <div className="flex flex-col gap-2">
              <p className="text-xs font-bold tracking-wide text-ink-muted uppercase">Payment method</p>
              <Button variant="outline" size="lg" onClick={() => void start('FINIX')} className="justify-between normal-case">
                <span>Credit Card</span>
                <CardBrands />
              </Button>
              <Button variant="outline" size="lg" onClick={() => void start('PAYSAFE')} className="justify-between normal-case">
                <span>Card or e-wallet (hosted checkout)</span>
              </Button>
              <WalletOptions
                applePay={wallets.data?.applePay ?? false}
                googlePay={wallets.data?.googlePay ?? false}
                checking={wallets.isPending}
                onPay={payWithWallet}
              />
            </div>
          ) : null}

          {step.name === 'loading' ? (
            <div className="flex justify-center py-8 text-gold-300">
              <Spinner label="Loading" />
            </div>
          ) : null}

          {step.name === 'card' ? (
            <div className="flex flex-col gap-3">
              {savedCards.data && savedCards.data.length > 0 ? (
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-1 text-xs font-bold tracking-wide text-ink-muted uppercase">Saved cards</legend>
                  {savedCards.data.map((card) => (
                    <div
                      key={card.id}
                      className="flex items-center justify-between gap-2 rounded-xl border border-night-600 px-3 py-2 text-sm"
                    >
                      <label className="flex cursor-pointer items-center gap-2">
                        <input
                          type="radio"
                          name="card"
                          checked={savedCardId === card.paymentInformationId}
                          onChange={() => setSavedCardId(card.paymentInformationId)}
                          className="accent-gold-500"
                        />
                        {BRAND_LABELS[card.brand] ?? card.brand} •••• {card.lastFour}
                      </label>
                      <button
                        type="button"
                        className="cursor-pointer text-xs text-ink-muted hover:text-danger"
                        onClick={() => {
                          if (savedCardId === card.paymentInformationId) setSavedCardId(null);
                          removeCard.mutate(card.paymentInformationId);
                        }}
                      >
                        Remove
                      </button>
                    </div>
                  ))}
                  <label className="flex cursor-pointer items-center gap-2 rounded-xl border border-night-600 px-3 py-2 text-sm">
                    <input
                      type="radio"
                      name="card"
                      checked={savedCardId === null}
                      onChange={() => setSavedCardId(null)}
                      className="accent-gold-500"
                    />
                    New card
                  </label>
                </fieldset>
              ) : null}
              <div className={savedCardId === null ? 'flex flex-col gap-3' : 'hidden'}>
                <iframe
                  ref={frame}
                  title="Card details"
                  src={step.intent.paymentData.cardFormUrl}
                  className="h-[300px] w-full rounded-xl border border-night-600 bg-night-900"
                />
                <Checkbox label="Save this card for next time" checked={saveCard} onChange={(event) => setSaveCard(event.target.checked)} />
              </div>
              <Button size="lg" loading={paying} onClick={pay}>
                Pay ${formatAmount(step.intent.paymentData.amount)}
              </Button>
            </div>
          ) : null}

          {step.name === 'hosted' && step.intent.paymentData.checkoutUrl ? (
            <iframe
              title="Hosted checkout"
              src={step.intent.paymentData.checkoutUrl}
              className="h-[360px] w-full rounded-xl border border-night-600 bg-night-900"
            />
          ) : null}

          {step.name === 'challenge' ? (
            <iframe title="3-D Secure" src={step.url} className="h-[260px] w-full rounded-xl border border-night-600 bg-night-900" />
          ) : null}

          {step.name === 'checking' ? (
            <div className="flex flex-col items-center gap-3 py-6 text-center">
              <Spinner className="text-gold-300" label="Checking the payment" />
              <p className="text-sm text-ink-muted">{paymentMessages.inProcess}</p>
            </div>
          ) : null}

          {step.name === 'result' ? (
            <div className="flex flex-col items-center gap-3 py-4 text-center" role="status">
              {/* Drawn, not a font character: the same on every device, with or without its glyph. */}
              <svg
                viewBox="0 0 24 24"
                className={`h-10 w-10 ${step.success ? 'text-emerald-sc' : 'text-danger'}`}
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d={step.success ? 'M4 12.5l5 5L20 6.5' : 'M6 6l12 12M18 6L6 18'} />
              </svg>
              {!step.success && step.message !== paymentMessages.declined ? <p className="font-bold">{paymentMessages.declined}</p> : null}
              <p className={step.success ? 'font-bold text-ink' : 'text-ink-muted'}>{step.message}</p>
              <Button onClick={onClose}>Close</Button>
            </div>
          ) : null}
        </div>
      </Dialog>
      <Dialog open={error !== null} title={paymentMessages.purchaseErrorTitle} onClose={() => setError(null)} size="sm">
        <p className="text-ink-muted">{error}</p>
        <Button className="mt-4 w-full" onClick={() => setError(null)}>
          OK
        </Button>
      </Dialog>
    </>
  );
}

function OrderSummary({ pkg }: { pkg: Package }) {
  return (
    <section aria-label="Order summary" className="rounded-2xl border border-night-600 bg-night-900/60 p-4">
      <p className="mb-2 text-xs font-bold tracking-wide text-ink-muted uppercase">Order summary</p>
      <div className="flex items-center justify-between gap-2">
        <div className="flex flex-col gap-1">
          <span className="flex items-center gap-2 font-extrabold text-gold-300">
            <CoinIcon coin="GC" className="h-4 w-4" /> {formatAmount(pkg.gcCoin)} GC
          </span>
          <span className="flex items-center gap-2 text-sm font-bold text-emerald-sc">
            <CoinIcon coin="SC" className="h-4 w-4" /> + {formatAmount(pkg.scCoin)} SC
          </span>
        </div>
        <span className="text-2xl font-extrabold text-ink">${formatAmount(pkg.amount)}</span>
      </div>
    </section>
  );
}

/**
 * Apple Pay and Google Pay, only where the browser can pay with them; elsewhere the seed's
 * 'Apple Pay is not available on this device' in place of the Apple Pay button.
 */
export function WalletOptions({
  applePay,
  googlePay,
  checking,
  onPay,
}: {
  applePay: boolean;
  googlePay: boolean;
  checking: boolean;
  onPay: (wallet: 'apple' | 'google') => void;
}) {
  if (checking) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="wallet-options">
      {applePay ? (
        <button
          type="button"
          onClick={() => onPay('apple')}
          className="flex h-12 cursor-pointer items-center justify-center gap-2 rounded-xl bg-black text-base font-semibold text-white hover:bg-neutral-900"
        >
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
            <path d="M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.8-3-.8-1.5 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.8zM14.2 5.7c.6-.8 1.1-1.8 1-2.9-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.8 1 .1 2.1-.5 2.7-1.3z" />
          </svg>
          Apple Pay
        </button>
      ) : (
        <p className="rounded-xl border border-dashed border-night-600 px-3 py-3 text-center text-sm text-ink-muted" role="note">
          {APPLE_PAY_UNAVAILABLE}
        </p>
      )}
      {googlePay ? (
        <button
          type="button"
          onClick={() => onPay('google')}
          className="flex h-12 cursor-pointer items-center justify-center gap-2 rounded-xl border border-night-500 bg-white text-base font-semibold text-neutral-900 hover:bg-neutral-100"
        >
          <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
            <path fill="#4285F4" d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3z" />
            <path fill="#34A853" d="M12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22z" />
            <path fill="#FBBC05" d="M6.4 14c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1a10 10 0 0 0 0 9.2L6.4 14z" />
            <path fill="#EA4335" d="M12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.4L6.4 10C7.2 7.7 9.4 6 12 6z" />
          </svg>
          Google Pay
        </button>
      ) : null}
    </div>
  );
}

function CardBrands() {
  return (
    <span className="flex gap-1 text-[10px] font-extrabold tracking-wide" aria-label="Visa, Mastercard, Discover, Amex">
      {['VISA', 'MC', 'DISC', 'AMEX'].map((brand) => (
        <span key={brand} className="rounded bg-night-600 px-1.5 py-0.5 text-ink">
          {brand}
        </span>
      ))}
    </span>
  );
}
