import type { Dispatcher } from 'undici';
import { createVendorHttp, VendorHttpError } from '../vendor-http.js';
import { ProcessorError, type ProcessorTransfer } from './card-processor.js';
import type { HostedCheckout } from './hosted-checkout.js';
import {
  declinedPaymentSchema,
  failureCodeOf,
  paymentHandleListSchema,
  paymentListSchema,
  paymentSchema,
  paysafeMessage,
  PAYMENT_HANDLES_PATH,
  PAYMENTS_PATH,
  PAYSAFE_BASE_URLS,
  PAYSAFE_CHECKOUT_ORIGINS,
  transferOf,
  type PaysafePayment,
  type PaysafePaymentHandle,
} from './paysafe-payments-api.js';
import { verifyPaysafeWebhook, type PaysafeWebhookEvent } from './paysafe-webhooks.js';

/**
 * The hosted checkout on Paysafe's Payments API (https://developer.paysafe.com/en/api-docs/payments-api/).
 * The player pays in Paysafe Checkout (paysafe-checkout-page.ts, with the public key), which
 * creates a payment handle for our merchantRefNum and answers its token; this client then
 * charges it server to server with the private key (HTTP Basic: the key's user name and
 * password):
 *
 * 1. GET /paymenthub/v1/payments?merchantRefNum= — a payment already made with this handle is the
 *    answer (a completion sent twice, or an answer lost on the way);
 * 2. GET /paymenthub/v1/paymenthandles?merchantRefNum= — the handle: its amount and currency are
 *    what is charged; a FAILED or EXPIRED handle, or none, charges nothing (TOKEN_INVALID);
 * 3. POST /paymenthub/v1/payments with dupCheck: Paysafe refuses a second payment with the same
 *    merchantRefNum, so the request is sent again, unchanged, after a timeout or a 5xx; a decline
 *    is HTTP 402 with the payment and its error. When the answer is lost or unreadable, step 1's
 *    read decides.
 *
 * Errors are ProcessorErrors whose messages name the request, never the key.
 */
export interface PaysafeHostedCheckout extends HostedCheckout {
  readonly kind: 'paysafe';
  /** What our checkout page hands to Paysafe Checkout: the public key (base64, for the browser) and the script. */
  readonly page: { apiKey: string; scriptUrl: string; origin: string };
  /** GET /paymenthub/v1/payments/{id}: the status check. */
  fetchPayment(paymentId: string): Promise<ProcessorTransfer>;
  /** Verifies a Paysafe webhook (paysafe-webhooks.ts); throws WebhookSignatureError. */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string, now?: Date): PaysafeWebhookEvent;
}

export interface PaysafeCheckoutOptions {
  environment: 'LIVE' | 'TEST';
  /** The private key, for server-to-server calls. */
  apiKey: { username: string; password: string };
  /** The public key `user name:password`, which Paysafe Checkout uses in the browser. */
  publicApiKey: string;
  /** The webhook HMAC key, decoded from its base64; null: every webhook is refused. */
  webhookHmacKey: Buffer | null;
  /** Tests: another address than the environment's, and undici's MockAgent. */
  baseUrl?: string;
  dispatcher?: Dispatcher;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
}

export function createPaysafeHostedCheckout(options: PaysafeCheckoutOptions): PaysafeHostedCheckout {
  const { environment } = options;
  const authorization = `Basic ${Buffer.from(`${options.apiKey.username}:${options.apiKey.password}`).toString('base64')}`;
  const http = createVendorHttp({
    vendor: 'paysafe',
    baseUrl: options.baseUrl ?? PAYSAFE_BASE_URLS[environment],
    headers: () => ({ authorization }),
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.retries !== undefined ? { retries: options.retries } : {}),
    ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
  });
  const byReference = (path: string, merchantRefNum: string) => `${path}?merchantRefNum=${encodeURIComponent(merchantRefNum)}`;
  const notFound = (error: unknown) => error instanceof VendorHttpError && error.status === 404;

  /** The payment made with this handle for this reference, if any (a read: sent again when it fails). */
  async function paymentWith(merchantRefNum: string, paymentHandleToken: string): Promise<PaysafePayment | null> {
    let payments: PaysafePayment[];
    try {
      ({ payments } = await http.request({
        method: 'GET',
        path: byReference(PAYMENTS_PATH, merchantRefNum),
        retry: true,
        schema: paymentListSchema,
      }));
    } catch (error) {
      // Paysafe answers 404 (5269) where no payment has this reference yet.
      if (notFound(error)) return null;
      throw error;
    }
    return (
      payments.find((payment) => payment.merchantRefNum === merchantRefNum && payment.paymentHandleToken === paymentHandleToken) ?? null
    );
  }

  async function handleOf(merchantRefNum: string, paymentHandleToken: string): Promise<PaysafePaymentHandle | null> {
    let handles: PaysafePaymentHandle[];
    try {
      ({ paymentHandles: handles } = await http.request({
        method: 'GET',
        path: byReference(PAYMENT_HANDLES_PATH, merchantRefNum),
        retry: true,
        schema: paymentHandleListSchema,
      }));
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
    return handles.find((handle) => handle.merchantRefNum === merchantRefNum && handle.paymentHandleToken === paymentHandleToken) ?? null;
  }

  function forReference(payment: PaysafePayment, merchantRefNum: string): ProcessorTransfer {
    // A payment of another reference would be applied to another purchase: never taken.
    if (payment.merchantRefNum !== merchantRefNum)
      throw new ProcessorError('UNAVAILABLE', 'Paysafe answered a payment of another reference.');
    return transferOf(payment);
  }

  async function pay(handle: PaysafePaymentHandle): Promise<ProcessorTransfer> {
    try {
      const payment = await http.request({
        method: 'POST',
        path: PAYMENTS_PATH,
        json: {
          merchantRefNum: handle.merchantRefNum,
          amount: handle.amount,
          currencyCode: handle.currencyCode,
          dupCheck: true,
          settleWithAuth: true,
          paymentHandleToken: handle.paymentHandleToken,
        },
        // Safe to send again: with dupCheck Paysafe makes no second payment for this merchantRefNum.
        retry: true,
        schema: paymentSchema,
      });
      return forReference(payment, handle.merchantRefNum);
    } catch (error) {
      if (error instanceof VendorHttpError && error.status === 402) {
        const declined = declinedPaymentSchema.safeParse(error.body);
        if (declined.success) {
          const { id, error: vendorError } = declined.data;
          return {
            id: id ?? handle.id,
            state: 'FAILED',
            amount: handle.amount,
            currency: handle.currencyCode,
            merchantRefNum: handle.merchantRefNum,
            failureCode: failureCodeOf(vendorError.code),
            failureMessage: paysafeMessage(vendorError, 'FAILED'),
            threeDSecureUrl: null,
          };
        }
      }
      if (error instanceof ProcessorError) throw error;
      // The answer was lost or unreadable, or the request sent again was refused as a duplicate
      // of one that went through: what Paysafe recorded for the reference decides.
      const made = await paymentWith(handle.merchantRefNum, handle.paymentHandleToken).catch(() => null);
      if (made) return forReference(made, handle.merchantRefNum);
      throw error;
    }
  }

  function asProcessorError(error: unknown): unknown {
    if (error instanceof VendorHttpError) return new ProcessorError('UNAVAILABLE', error.message);
    return error;
  }

  return {
    kind: 'paysafe',
    environment,
    page: {
      apiKey: Buffer.from(options.publicApiKey).toString('base64'),
      scriptUrl: `${PAYSAFE_CHECKOUT_ORIGINS[environment]}/checkout/v2/paysafe.checkout.min.js`,
      origin: PAYSAFE_CHECKOUT_ORIGINS[environment],
    },

    checkoutUrl: ({ merchantRefNum, amount, currency }) =>
      `/paysafe/checkout?ref=${encodeURIComponent(merchantRefNum)}&amount=${amount}&currency=${encodeURIComponent(currency)}`,

    // Paysafe Checkout takes a customer token only for a Paysafe customer profile; we keep none.
    singleUseCustomerToken: () => '',

    async processPayment({ paymentHandleToken, merchantRefNum }) {
      try {
        const made = await paymentWith(merchantRefNum, paymentHandleToken);
        if (made) return forReference(made, merchantRefNum);
        const handle = await handleOf(merchantRefNum, paymentHandleToken);
        if (!handle) throw new ProcessorError('TOKEN_INVALID', 'Unknown payment handle.');
        if (handle.status === 'FAILED' || handle.status === 'EXPIRED') {
          throw new ProcessorError('TOKEN_INVALID', `The payment handle is ${handle.status.toLowerCase()}.`);
        }
        if (handle.status !== 'PAYABLE')
          throw new ProcessorError('UNAVAILABLE', `The payment handle is ${handle.status.toLowerCase()}, not payable.`);
        return await pay(handle);
      } catch (error) {
        throw asProcessorError(error);
      }
    },

    async fetchPayment(paymentId) {
      try {
        return transferOf(
          await http.request({
            method: 'GET',
            path: `${PAYMENTS_PATH}/${encodeURIComponent(paymentId)}`,
            retry: true,
            schema: paymentSchema,
          }),
        );
      } catch (error) {
        if (notFound(error)) throw new ProcessorError('NOT_FOUND', 'Paysafe knows no such payment.');
        throw asProcessorError(error);
      }
    },

    verifyWebhook: (headers, rawBody, now = new Date()) => verifyPaysafeWebhook(options.webhookHmacKey, environment, headers, rawBody, now),
  };
}
