import type { CreateInstrumentResponse, StartedPayment, WalletType } from '@casino/contracts/store';
import { applePayMerchantSession } from './api';

/**
 * Apple Pay and Google Pay in the payment dialog (seed 001 'Purchase dialog steps', decision 011).
 * They are offered only where the browser can pay with them: Apple Pay where Apple's
 * ApplePaySession exists and canMakePayments() answers true (Safari with a card in Wallet),
 * Google Pay where the Payment Request API answers canMakePayment() for Google Pay's method.
 * The wallet's payment token goes to create-instrument (type APPLE_PAY or GOOGLE_PAY); the
 * server charges it and credits the coins like a card's.
 */
export const APPLE_PAY_UNAVAILABLE = 'Apple Pay is not available on this device';
export const MERCHANT_DISPLAY_NAME = 'Lucky Crown Social Casino';
export const APPLE_PAY_VERSION = 3;
export const GOOGLE_PAY_METHOD = 'https://google.com/pay';

export interface WalletSupport {
  applePay: boolean;
  googlePay: boolean;
}

/** What the page needs of Apple's ApplePaySession class (Safari only). */
interface ApplePaySessionClass {
  new (version: number, request: Record<string, unknown>): ApplePaySessionInstance;
  canMakePayments(): boolean;
  supportsVersion?(version: number): boolean;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

interface ApplePaySessionInstance {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null;
  oncancel: (() => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(session: unknown): void;
  completePayment(status: number): void;
}

type WalletWindow = Window & { ApplePaySession?: ApplePaySessionClass; PaymentRequest?: typeof PaymentRequest };

/** Google Pay's request data (API version 2): cards of the four accepted brands, tokenised for the processor. */
export function googlePayData(): Record<string, unknown> {
  return {
    environment: 'TEST',
    apiVersion: 2,
    apiVersionMinor: 0,
    merchantInfo: { merchantName: MERCHANT_DISPLAY_NAME },
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: ['VISA', 'MASTERCARD', 'DISCOVER', 'AMEX'] },
        tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway: 'finix', gatewayMerchantId: 'sandbox' } },
      },
    ],
  };
}

function googlePayRequest(win: WalletWindow, amount: number): PaymentRequest {
  const Request = win.PaymentRequest!;
  return new Request([{ supportedMethods: GOOGLE_PAY_METHOD, data: googlePayData() }], {
    total: { label: MERCHANT_DISPLAY_NAME, amount: { currency: 'USD', value: amount.toFixed(2) } },
  });
}

export function applePayAvailable(win: WalletWindow = window): boolean {
  const Session = win.ApplePaySession;
  if (typeof Session !== 'function') return false;
  try {
    if (Session.supportsVersion && !Session.supportsVersion(APPLE_PAY_VERSION)) return false;
    return Session.canMakePayments() === true;
  } catch {
    // Safari throws outside a secure context.
    return false;
  }
}

export async function googlePayAvailable(win: WalletWindow = window): Promise<boolean> {
  if (typeof win.PaymentRequest !== 'function') return false;
  try {
    return (await googlePayRequest(win, 1).canMakePayment()) === true;
  } catch {
    return false;
  }
}

export async function detectWallets(win: WalletWindow = window): Promise<WalletSupport> {
  return { applePay: applePayAvailable(win), googlePay: await googlePayAvailable(win) };
}

export interface WalletPaymentSteps {
  amount: number;
  /** POST /payment/init-pay for the package. */
  initIntent: () => Promise<StartedPayment>;
  /** POST /payment/finix/create-instrument with the wallet's token. */
  charge: (intent: StartedPayment, type: WalletType, token: string) => Promise<CreateInstrumentResponse>;
}

export interface WalletOutcome {
  intent: StartedPayment;
  result: CreateInstrumentResponse;
}

/**
 * The Apple Pay sheet: begun in the click itself (Apple requires a user gesture), the merchant is
 * validated through our server while the intent is created, and the authorised payment's token is
 * charged. Answers null when the player cancels the sheet.
 */
export function payWithApplePay(steps: WalletPaymentSteps, win: WalletWindow = window): Promise<WalletOutcome | null> {
  const Session = win.ApplePaySession!;
  const session = new Session(APPLE_PAY_VERSION, {
    countryCode: 'US',
    currencyCode: 'USD',
    supportedNetworks: ['visa', 'masterCard', 'discover', 'amex'],
    merchantCapabilities: ['supports3DS'],
    total: { label: MERCHANT_DISPLAY_NAME, amount: steps.amount.toFixed(2) },
  });
  let intent: Promise<StartedPayment> | null = null;
  return new Promise((resolve, reject) => {
    session.onvalidatemerchant = (event) => {
      intent = steps.initIntent();
      Promise.all([applePayMerchantSession(event.validationURL, MERCHANT_DISPLAY_NAME), intent])
        .then(([merchantSession]) => session.completeMerchantValidation(merchantSession))
        .catch((error: unknown) => {
          session.abort();
          reject(error instanceof Error ? error : new Error(String(error)));
        });
    };
    session.onpaymentauthorized = (event) => {
      (intent ?? Promise.reject(new Error('Apple Pay authorised a payment before merchant validation')))
        .then(async (made) => {
          const result = await steps.charge(made, 'APPLE_PAY', JSON.stringify(event.payment.token));
          session.completePayment(result.state === 'FAILED' ? Session.STATUS_FAILURE : Session.STATUS_SUCCESS);
          resolve({ intent: made, result });
        })
        .catch((error: unknown) => {
          session.completePayment(Session.STATUS_FAILURE);
          reject(error instanceof Error ? error : new Error(String(error)));
        });
    };
    session.oncancel = () => resolve(null);
    session.begin();
  });
}

/**
 * The Google Pay sheet through the Payment Request API: shown in the click itself, the intent is
 * created meanwhile, and the token (paymentMethodData.tokenizationData.token) is charged. Answers
 * null when the player closes the sheet.
 */
export async function payWithGooglePay(steps: WalletPaymentSteps, win: WalletWindow = window): Promise<WalletOutcome | null> {
  const request = googlePayRequest(win, steps.amount);
  const shown = request.show();
  const intent = steps.initIntent();
  // Awaited below; a failure before the sheet answers is not an unhandled rejection.
  intent.catch(() => undefined);
  let response: PaymentResponse;
  try {
    response = await shown;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    throw error;
  }
  try {
    const details = response.details as { paymentMethodData?: { tokenizationData?: { token?: string } } };
    const token = details.paymentMethodData?.tokenizationData?.token;
    if (!token) throw new Error('Google Pay answered no payment token');
    const made = await intent;
    const result = await steps.charge(made, 'GOOGLE_PAY', token);
    await response.complete(result.state === 'FAILED' ? 'fail' : 'success');
    return { intent: made, result };
  } catch (error) {
    await response.complete('fail').catch(() => undefined);
    throw error;
  }
}
