import { describe, expect, it } from 'vitest';
import { signWebhook, WebhookSignatureError } from './card-processor.js';
import { parseFinixWebhook, signFinixWebhook, verifyFinixWebhook } from './finix-webhook.js';
import { TEST_FINIX_WEBHOOK_SECRET, transferAnswer } from './finix-test-support.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

/** A transfer event as Finix delivers it: the entity's name and the transfer under _embedded. */
function transferEvent(transfer: Record<string, unknown>, overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id: 'event_8Ygq5cYcmKcHRxx1ZSRRgd',
    type: 'updated',
    entity: 'transfer',
    occurred_at: '2026-03-01T11:59:58.12Z',
    _embedded: { transfers: [transfer] },
    ...overrides,
  });
}

const signed = (body: string, timestamp = nowSeconds, secret = TEST_FINIX_WEBHOOK_SECRET) => ({
  'finix-signature': signFinixWebhook(secret, body, timestamp),
});

describe("Finix's signed webhooks", () => {
  it('accepts a genuine transfer event and reads the transfer as ours', () => {
    const body = transferEvent(transferAnswer({ state: 'SUCCEEDED' }));
    expect(verifyFinixWebhook(TEST_FINIX_WEBHOOK_SECRET, signed(body), body, NOW)).toEqual({
      eventId: 'event_8Ygq5cYcmKcHRxx1ZSRRgd',
      transfer: {
        id: 'TRhw2BGAqyFZcrjTYXq4qTvY',
        state: 'SUCCEEDED',
        amount: 1999,
        currency: 'USD',
        merchantRefNum: 'LC-0001',
        failureCode: null,
        failureMessage: null,
        threeDSecureUrl: null,
      },
    });
  });

  it('reads the header as Finix sends it: timestamp=…, sig=… with the HMAC of "<timestamp>:<body>"', () => {
    const body = transferEvent(transferAnswer({ state: 'FAILED', failure_code: 'CALL_ISSUER', failure_message: 'Declined' }));
    const header = signFinixWebhook(TEST_FINIX_WEBHOOK_SECRET, body, nowSeconds);
    expect(header).toMatch(new RegExp(`^timestamp=${nowSeconds}, sig=[0-9a-f]{64}$`));
    const event = verifyFinixWebhook(TEST_FINIX_WEBHOOK_SECRET, { 'finix-signature': [header] }, body, NOW);
    expect(event?.transfer).toMatchObject({ state: 'FAILED', failureCode: 'CARD_DECLINED', failureMessage: 'CALL_ISSUER: Declined' });
  });

  it('refuses a forged webhook: a wrong signature, another key, an altered body, no signature', () => {
    const body = transferEvent(transferAnswer());
    const refuse =
      (headers: Record<string, string | undefined>, raw = body) =>
      () =>
        verifyFinixWebhook(TEST_FINIX_WEBHOOK_SECRET, headers, raw, NOW);
    expect(refuse({ 'finix-signature': `timestamp=${nowSeconds}, sig=${'ab'.repeat(32)}` })).toThrow(
      new WebhookSignatureError('signature mismatch'),
    );
    expect(refuse(signed(body, nowSeconds, 'another-signing-key-0000000000000000000000'))).toThrow('signature mismatch');
    expect(refuse(signed(body), body.replace('"amount":1999', '"amount":1'))).toThrow('signature mismatch');
    // The sandbox's scheme is not Finix's.
    expect(refuse({ 'finix-signature': signWebhook(TEST_FINIX_WEBHOOK_SECRET, body, nowSeconds) })).toThrow(WebhookSignatureError);
    expect(refuse({})).toThrow('missing signature');
  });

  it('refuses a stale or future timestamp (the replay window)', () => {
    const body = transferEvent(transferAnswer());
    expect(() => verifyFinixWebhook(TEST_FINIX_WEBHOOK_SECRET, signed(body, nowSeconds - 301), body, NOW)).toThrow(
      'outside the replay window',
    );
    expect(() => verifyFinixWebhook(TEST_FINIX_WEBHOOK_SECRET, signed(body, nowSeconds + 301), body, NOW)).toThrow(
      'outside the replay window',
    );
    expect(verifyFinixWebhook(TEST_FINIX_WEBHOOK_SECRET, signed(body, nowSeconds - 299), body, NOW)).not.toBeNull();
  });

  it('answers null for a genuine event about something else, and refuses a transfer event it cannot read', () => {
    expect(
      parseFinixWebhook(JSON.stringify({ id: 'event_1', type: 'updated', entity: 'merchant', _embedded: { merchants: [{}] } })),
    ).toBeNull();
    // A payout's transfer carries no merchantRefNum.
    expect(parseFinixWebhook(transferEvent(transferAnswer({ tags: { payoutReference: '42' } })))).toBeNull();
    expect(parseFinixWebhook('')).toBeNull();
    expect(() => parseFinixWebhook(transferEvent({ id: 'TR1', state: 'SUCCEEDED' }))).toThrow('unexpected body');
    expect(() => parseFinixWebhook('not json')).toThrow('body is not JSON');
  });

  it('without an event id, names the event by the transfer, its state and its last update', () => {
    const body = transferEvent(transferAnswer({ state: 'PENDING' }), { id: undefined });
    expect(parseFinixWebhook(body)?.eventId).toBe('TRhw2BGAqyFZcrjTYXq4qTvY:PENDING:2022-10-10T03:49:21.62Z');
  });
});
