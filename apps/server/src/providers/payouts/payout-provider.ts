import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A payout provider (docs/ARCHITECTURE.md 'Vendors behind adapters'): Paynote-style. The
 * player links a bank account in the provider's own widget (choose a bank, sign in, pick an
 * account); we receive a reference to the linked account, its bank's name and the last digits of
 * its number, never the number itself. A payout is sent to a linked account (or an e-wallet
 * e-mail) and settles later: the provider tells us with a signed webhook.
 *
 * Amounts are integer cents (1 SC = 1 USD).
 */
export interface LinkedAccount {
  reference: string;
  bank: string;
  lastDigits: string;
  /** The provider's customer the account was linked for (ours: derived from the player's id). */
  customerId: string;
}

export type PayoutState = 'PENDING' | 'SUCCEEDED' | 'FAILED';

export type PayoutDestination =
  | { type: 'BANK'; accountReference: string }
  | { type: 'EWALLET'; email: string }
  /** A card the player paid with, by the card processor's instrument (a push-to-card payout). */
  | { type: 'CARD'; instrumentId: string };

/**
 * The card processor's payouts to a card (Finix: a transfer with operation PUSH_TO_CARD to a
 * payment instrument). Card networks settle them in real time, so the answer is final: SUCCEEDED,
 * or FAILED with the reason. PayoutError NOT_FOUND for an instrument the processor does not know.
 */
export interface CardPayouts {
  pushToCard(input: { idempotencyId: string; amount: number; currency: string; reference: string; instrumentId: string }): Promise<Payout>;
}

/**
 * One payout provider for redemption: card destinations go to the card processor's payouts, the
 * others to the bank payout provider (its widget, accounts and webhooks).
 */
export function withCardPayouts(bank: PayoutProvider, cards: CardPayouts | null): PayoutProvider {
  return {
    kind: bank.kind,
    linkUrl: (customerId) => bank.linkUrl(customerId),
    fetchAccount: (reference) => bank.fetchAccount(reference),
    verifyWebhook: (headers, rawBody, now) => bank.verifyWebhook(headers, rawBody, now),
    async createPayout(input) {
      if (input.destination.type !== 'CARD') return bank.createPayout(input);
      if (!cards) throw new PayoutError('UNAVAILABLE', 'No card payouts are configured.');
      return cards.pushToCard({ ...input, instrumentId: input.destination.instrumentId });
    },
  };
}

export interface Payout {
  id: string;
  state: PayoutState;
  amount: number;
  currency: string;
  /** Our redemption's id, sent with the payout. */
  reference: string;
  failureReason: string | null;
}

export interface PayoutWebhookEvent {
  eventId: string;
  payout: Payout;
}

export class PayoutError extends Error {
  override name = 'PayoutError';
  constructor(
    readonly code: 'NOT_FOUND' | 'LINK_FAILED' | 'UNAVAILABLE',
    message: string,
  ) {
    super(message);
  }
}

export class PayoutWebhookSignatureError extends Error {
  override name = 'PayoutWebhookSignatureError';
}

export interface PayoutProvider {
  readonly kind: 'sandbox';
  /** The bank-link widget for a customer (shown in an iframe on the redeem page). */
  linkUrl(customerId: string): string;
  /** The linked account behind a widget's reference; PayoutError NOT_FOUND when unknown. */
  fetchAccount(reference: string): Promise<LinkedAccount>;
  /** Sends a payout; idempotent on idempotencyId (the same id answers the same payout). */
  createPayout(input: {
    idempotencyId: string;
    amount: number;
    currency: string;
    reference: string;
    destination: PayoutDestination;
  }): Promise<Payout>;
  /** Verifies a webhook's signature and replay window; throws PayoutWebhookSignatureError. */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string, now?: Date): PayoutWebhookEvent;
}

export const PAYOUT_SIGNATURE_HEADER = 'paynote-signature';
export const PAYOUT_WEBHOOK_TOLERANCE_SECONDS = 300;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signPayoutWebhook(secret: string, rawBody: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

export function verifyPayoutWebhook(secret: string, header: string | undefined, rawBody: string, now: Date): PayoutWebhookEvent {
  if (!header) throw new PayoutWebhookSignatureError('missing signature');
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const index = part.indexOf('=');
      return [part.slice(0, index).trim(), part.slice(index + 1).trim()];
    }),
  );
  const timestamp = Number(parts.t);
  if (!Number.isSafeInteger(timestamp)) throw new PayoutWebhookSignatureError('missing timestamp');
  if (Math.abs(now.getTime() / 1000 - timestamp) > PAYOUT_WEBHOOK_TOLERANCE_SECONDS) {
    throw new PayoutWebhookSignatureError('outside the replay window');
  }
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'));
  const given = Buffer.from(String(parts.v1 ?? ''));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new PayoutWebhookSignatureError('signature mismatch');
  return parsePayoutWebhook(rawBody);
}

/** `{ id, type: 'payout.updated', payout: { id, state, amount, currency, reference, failure_reason } }`. */
export function parsePayoutWebhook(rawBody: string): PayoutWebhookEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new PayoutWebhookSignatureError('body is not JSON');
  }
  const event = body as { id?: unknown; type?: unknown; payout?: Record<string, unknown> };
  const payout = event.payout;
  const states: PayoutState[] = ['PENDING', 'SUCCEEDED', 'FAILED'];
  if (
    typeof event.id !== 'string' ||
    event.type !== 'payout.updated' ||
    !payout ||
    typeof payout.id !== 'string' ||
    !states.includes(payout.state as PayoutState) ||
    !Number.isSafeInteger(payout.amount) ||
    typeof payout.currency !== 'string' ||
    typeof payout.reference !== 'string'
  ) {
    throw new PayoutWebhookSignatureError('unexpected body');
  }
  return {
    eventId: event.id,
    payout: {
      id: payout.id,
      state: payout.state as PayoutState,
      amount: payout.amount as number,
      currency: payout.currency,
      reference: payout.reference,
      failureReason: typeof payout.failure_reason === 'string' ? payout.failure_reason : null,
    },
  };
}

export function payoutWebhookBody(eventId: string, payout: Payout): string {
  return JSON.stringify({
    id: eventId,
    type: 'payout.updated',
    payout: {
      id: payout.id,
      state: payout.state,
      amount: payout.amount,
      currency: payout.currency,
      reference: payout.reference,
      failure_reason: payout.failureReason,
    },
  });
}
