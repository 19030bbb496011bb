import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './card-processor.js';
import { createPaysafeHostedCheckout } from './paysafe-checkout.js';
import { PAYSAFE_WEBHOOK_MAX_AGE_SECONDS, signPaysafeWebhook, verifyPaysafeWebhook } from './paysafe-webhooks.js';

/**
 * Paysafe's webhooks as documented: `Signature: base64(HMAC-SHA256(key, body))`, the key being the
 * Business Portal's HMAC key decoded from base64. Bodies follow the documented examples.
 */
const KEY_BASE64 = Buffer.from('0123456789abcdef0123456789abcdef0123456789abcdef').toString('base64');
const KEY = Buffer.from(KEY_BASE64, 'base64');
const NOW = new Date('2026-03-24T15:32:00Z');
const REF = 'LC-b9358763-c4e6-4a9e-92f6-c93b78d2db44';

function event(overrides: Record<string, unknown> = {}, payload: Record<string, unknown> = {}) {
  return JSON.stringify({
    payload: {
      accountId: '1002786770',
      id: '4e32ba5d-1c87-47fb-871a-b972cf8fd19e',
      merchantRefNum: REF,
      paymentHandleToken: 'PHPTRF98fcZLo6ve',
      transactionType: 'PAYMENT',
      amount: 999,
      currencyCode: 'USD',
      status: 'COMPLETED',
      paymentType: 'CARD',
      statusTime: '2026-03-24T15:31:49Z',
      txnTime: '2026-03-24T15:31:11Z',
      ...payload,
    },
    eventType: 'PAYMENT_COMPLETED',
    attemptNumber: '1',
    resourceId: '4e32ba5d-1c87-47fb-871a-b972cf8fd19e',
    eventDate: '2026-03-24T15:31:11Z',
    links: [{ href: 'https://api.test.paysafe.com/paymenthub/v1/payments/4e32ba5d-1c87-47fb-871a-b972cf8fd19e', rel: 'payment' }],
    mode: 'live',
    eventName: 'PAYMENT_COMPLETED',
    ...overrides,
  });
}

const signed = (body: string, key: Buffer = KEY) => ({ signature: signPaysafeWebhook(key, body) });
const verify = (headers: Record<string, string>, body: string, environment: 'LIVE' | 'TEST' = 'LIVE', now = NOW) =>
  verifyPaysafeWebhook(KEY, environment, headers, body, now);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookSignatureError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe("Paysafe's webhooks", () => {
  it("accepts a genuine payment event and reads it as the payment's transfer", () => {
    const body = event();
    // The documented algorithm, written out: HMAC-SHA256 of the body with the decoded key, base64.
    expect(signed(body).signature).toBe(createHmac('sha256', KEY).update(body).digest('base64'));
    expect(verify(signed(body), body)).toEqual({
      eventId: 'PAYMENT_COMPLETED:4e32ba5d-1c87-47fb-871a-b972cf8fd19e',
      eventName: 'PAYMENT_COMPLETED',
      transfer: {
        id: '4e32ba5d-1c87-47fb-871a-b972cf8fd19e',
        state: 'SUCCEEDED',
        amount: 999,
        currency: 'USD',
        merchantRefNum: REF,
        failureCode: null,
        failureMessage: null,
        threeDSecureUrl: null,
      },
    });
  });

  it("reads a failed payment with Paysafe's error, and a payment handle's event as no transfer", () => {
    const failed = event(
      { eventType: 'PAYMENT_FAILED', eventName: 'PAYMENT_FAILED' },
      { status: 'FAILED', error: { code: '3022', message: 'The card has been declined due to insufficient funds.' } },
    );
    expect(verify(signed(failed), failed).transfer).toMatchObject({
      state: 'FAILED',
      failureCode: 'CARD_DECLINED',
      failureMessage: 'Paysafe 3022: The card has been declined due to insufficient funds.',
    });
    const payable = event({ eventType: 'PAYMENT_HANDLE_PAYABLE', eventName: 'PAYMENT_HANDLE_PAYABLE' }, { status: 'PAYABLE' });
    expect(verify(signed(payable), payable)).toMatchObject({ eventName: 'PAYMENT_HANDLE_PAYABLE', transfer: null });
  });

  it('refuses a bad signature: none, another key, the key undecoded, a body changed after signing', () => {
    const body = event();
    expect(refusal(() => verify({}, body))).toBe('missing signature');
    expect(refusal(() => verify(signed(body, Buffer.from('another key of the same sort, 32 bytes')), body))).toBe('signature mismatch');
    expect(refusal(() => verify(signed(body, Buffer.from(KEY_BASE64)), body))).toBe('signature mismatch');
    const forged = body.replace('"amount":999', '"amount":99900');
    expect(refusal(() => verify(signed(body), forged))).toBe('signature mismatch');
    expect(refusal(() => verifyPaysafeWebhook(null, 'LIVE', signed(body), body, NOW))).toBe('no webhook key is configured');
  });

  it('refuses a stale event or one dated ahead of our clock, even genuinely signed', () => {
    const body = event();
    const later = new Date(Date.parse('2026-03-24T15:31:11Z') + (PAYSAFE_WEBHOOK_MAX_AGE_SECONDS + 60) * 1000);
    expect(refusal(() => verify(signed(body), body, 'LIVE', later))).toBe('outside the replay window');
    const early = new Date('2026-03-24T15:20:00Z');
    expect(refusal(() => verify(signed(body), body, 'LIVE', early))).toBe('outside the replay window');
  });

  it("gives a replay, or Paysafe's next attempt, the first delivery's event id, so that it applies once", () => {
    const first = event();
    const retry = event({ attemptNumber: '2' });
    expect(verify(signed(first), first).eventId).toBe(verify(signed(retry), retry).eventId);
    // An event that carries its own id keeps it.
    const withId = event({ id: 'b885e54c-0d6e-452d-9a6a-98546e672113' });
    expect(verify(signed(withId), withId).eventId).toBe('b885e54c-0d6e-452d-9a6a-98546e672113');
  });

  it('refuses a test event in the live environment, and a payment event it cannot read', () => {
    const test = event({ mode: 'test' });
    expect(refusal(() => verify(signed(test), test, 'LIVE'))).toBe('a test event in the live environment');
    expect(verify(signed(test), test, 'TEST').transfer?.state).toBe('SUCCEEDED');
    const unreadable = event({}, { amount: '9.99' });
    expect(refusal(() => verify(signed(unreadable), unreadable))).toBe('unexpected payment payload');
    const notJson = '{"eventType":';
    expect(refusal(() => verify(signed(notJson), notJson))).toBe('body is not JSON');
  });

  it("is the checkout client's webhook check, with its key and environment", () => {
    const checkout = createPaysafeHostedCheckout({
      environment: 'LIVE',
      apiKey: { username: 'u', password: 'p' },
      publicApiKey: 'pu:pp',
      webhookHmacKey: KEY,
    });
    const body = event();
    expect(checkout.verifyWebhook(signed(body), body, NOW).transfer?.state).toBe('SUCCEEDED');
    const test = event({ mode: 'test' });
    expect(refusal(() => checkout.verifyWebhook(signed(test), test, NOW))).toBe('a test event in the live environment');
  });
});
