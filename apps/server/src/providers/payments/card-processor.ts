import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A card processor (docs/ARCHITECTURE.md 'Vendors behind adapters'): Finix, or its sandbox. The card is
 * entered on the processor's own fields (an iframe), which tokenise it; our server only ever sees
 * the token, the instrument made from it, the brand and the last four digits.
 *
 * Amounts are integer cents. A transfer's state is the processor's word: SUCCEEDED (money
 * received), FAILED (declined or 3-D Secure failed), PENDING (not decided yet: a 3-D Secure
 * challenge is waiting, or the processor answers later).
 */
export type TransferState = 'SUCCEEDED' | 'FAILED' | 'PENDING';

export interface ProcessorTransfer {
  id: string;
  state: TransferState;
  amount: number;
  currency: string;
  /** Our intent's reference, sent as a tag when the transfer was created. */
  merchantRefNum: string;
  /** CARD_DECLINED, THREE_D_SECURE_FAILED, ... when FAILED. */
  failureCode: string | null;
  failureMessage: string | null;
  /** The challenge page while a 3-D Secure step is waiting. */
  threeDSecureUrl: string | null;
  /**
   * The id this purchase was followed under before this transfer existed (Finix: our id of the
   * 3-D Secure session the charge waited on); the intent moves from that id to this one.
   */
  replacesId?: string | null;
}

/** A charge: what createTransfer is asked, and what fetchTransfer needs to make a transfer that waited on 3-D Secure. */
export interface TransferRequest {
  instrumentId: string;
  amount: number;
  currency: string;
  merchantRefNum: string;
  idempotencyId: string;
  /** The instrument's kind (TOKEN: a card); a wallet's payment is not put through 3-D Secure. */
  instrumentType?: InstrumentType;
}

export type InstrumentType = 'TOKEN' | 'APPLE_PAY' | 'GOOGLE_PAY';

export interface ProcessorInstrument {
  instrumentId: string;
  brand: string;
  lastFour: string;
  /**
   * The processor's fingerprint of the card (Finix: the payment instrument's `fingerprint`): the
   * same card number gives the same print, whichever account pays with it; the number itself
   * never reaches us.
   */
  fingerprint: string;
}

/** A verified webhook: the processor's event id and the transfer as it reported it. */
export interface ProcessorWebhookEvent {
  eventId: string;
  transfer: ProcessorTransfer;
}

export class ProcessorError extends Error {
  override name = 'ProcessorError';
  constructor(
    readonly code: 'TOKEN_INVALID' | 'INSTRUMENT_INVALID' | 'NOT_FOUND' | 'UNAVAILABLE',
    message: string,
  ) {
    super(message);
  }
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export interface CardProcessor {
  /** 'sandbox': the in-process sandbox (its /sandbox and /dev pages); 'finix': Finix's API. */
  readonly kind: 'sandbox' | 'finix';
  /** The processor's card-field page for the purchase dialog's iframe. */
  cardFormUrl(merchantRefNum: string): string;
  /**
   * Makes an instrument of a token: the card-field page's token (TOKEN), or a wallet's payment
   * token as JSON text (APPLE_PAY: Apple's PKPaymentToken; GOOGLE_PAY: Google Pay's
   * tokenizationData.token). Wallet tokens are single-use.
   */
  createInstrument(input: { token: string; identity: string; type?: InstrumentType }): Promise<ProcessorInstrument>;
  /**
   * Apple Pay merchant validation (Finix: POST /apple_pay_sessions): answers the opaque merchant
   * session the Apple Pay sheet takes. Throws ProcessorError('INSTRUMENT_INVALID') for a
   * validation URL that is not Apple's or a domain not registered for the merchant.
   */
  applePaySession(input: { validationUrl: string; domain: string; displayName: string }): Promise<Record<string, unknown>>;
  /**
   * Charges an instrument; idempotent on idempotencyId (the same id answers the same transfer). A
   * PENDING answer may be a 3-D Secure step the charge waits on, followed by fetchTransfer.
   */
  createTransfer(input: TransferRequest): Promise<ProcessorTransfer>;
  /**
   * The server-to-server status check; `purchase` is the charge createTransfer was asked, with
   * which a purchase still waiting on its 3-D Secure step is charged once the step has passed.
   */
  fetchTransfer(transferId: string, purchase?: TransferRequest): Promise<ProcessorTransfer>;
  /**
   * Verifies a webhook's signature and replay window; throws WebhookSignatureError. Null: a genuine
   * notification about something else than a purchase's transfer (another kind of event, a
   * payout), to be acknowledged and not applied.
   */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string, now?: Date): ProcessorWebhookEvent | null;
}

/** Apple's merchant validation hosts (apple-pay-gateway.apple.com, apple-pay-gateway-cert.apple.com, regional ones). */
const APPLE_VALIDATION_HOST = /^(?:[a-z0-9]+-)?apple-pay-gateway(?:-[a-z0-9-]+)?\.apple\.com$/;

/** Whether a merchant validation URL is one of Apple's (https, an Apple Pay gateway host). */
export function isApplePayValidationUrl(validationUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(validationUrl);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && APPLE_VALIDATION_HOST.test(url.hostname);
}

/** How far a webhook's timestamp may lie from our clock (replay window). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const SIGNATURE_HEADER = 'finix-signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signWebhook(secret: string, rawBody: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export function verifyWebhookSignature(secret: string, header: string | undefined, rawBody: string, now: Date): void {
  if (!header) throw new WebhookSignatureError('missing signature');
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const index = part.indexOf('=');
      return [part.slice(0, index).trim(), part.slice(index + 1).trim()];
    }),
  );
  const timestamp = Number(parts.t);
  if (!Number.isSafeInteger(timestamp)) throw new WebhookSignatureError('missing timestamp');
  if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookSignatureError('outside the replay window');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'));
  const given = Buffer.from(String(parts.v1 ?? ''));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookSignatureError('signature mismatch');
}
