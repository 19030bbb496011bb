import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { WebhookSignatureError, type ProcessorTransfer } from './card-processor.js';
import { paymentSchema, transferOf } from './paysafe-payments-api.js';

/**
 * Paysafe's webhooks (https://developer.paysafe.com/en/api-docs/payments-api/configure-webhooks/):
 * a POST whose `Signature` header is base64(HMAC-SHA256(key, body)), the key being the HMAC key of
 * the Business Portal decoded from base64 (as Paysafe's own checkout plugin does). The body is
 * `{ eventName | eventType, resourceId, eventDate, attemptNumber, mode, payload, links }`.
 *
 * The signature covers no timestamp of its own, so the replay window is the signed eventDate: an
 * event older than PAYSAFE_WEBHOOK_MAX_AGE_SECONDS, or dated ahead of our clock, is refused, and a
 * replay inside the window carries the event id of the first delivery (a duplicate to its
 * handler). In the LIVE environment a `mode: "test"` event (the Business Portal's "Send Test
 * Webhook") is refused: it moves no money.
 */
export const PAYSAFE_SIGNATURE_HEADER = 'signature';
/** Paysafe retries a delivery it could not make; a day covers its retries without keeping old events replayable. */
export const PAYSAFE_WEBHOOK_MAX_AGE_SECONDS = 24 * 60 * 60;
export const PAYSAFE_WEBHOOK_CLOCK_SKEW_SECONDS = 300;

export interface PaysafeWebhookEvent {
  /** The event's id, or its kind and resource when it carries none (the same on every retry). */
  eventId: string;
  eventName: string;
  /** A payment's event (PAYMENT_COMPLETED, PAYMENT_FAILED, …) as our transfer; null for other events. */
  transfer: ProcessorTransfer | null;
}

const webhookSchema = z
  .object({
    id: z.string().min(1).optional(),
    eventName: z.string().min(1).optional(),
    eventType: z.string().min(1).optional(),
    resourceId: z.string().min(1),
    eventDate: z.iso.datetime({ offset: true }),
    mode: z.enum(['live', 'test']),
    payload: z.unknown().optional(),
  })
  .refine((event) => event.eventName ?? event.eventType, { message: 'no event name' });

/** The header Paysafe sends with a body (tests, and the documentation's algorithm in one place). */
export function signPaysafeWebhook(hmacKey: Buffer, rawBody: string): string {
  return createHmac('sha256', hmacKey).update(rawBody, 'utf8').digest('base64');
}

function signatureMatches(hmacKey: Buffer, given: string, rawBody: string): boolean {
  const givenBytes = Buffer.from(given);
  // Paysafe's own plugin signs the body trimmed; the documentation says the body: either is Paysafe's.
  return [...new Set([rawBody, rawBody.trim()])].some((body) => {
    const expected = Buffer.from(signPaysafeWebhook(hmacKey, body));
    return expected.length === givenBytes.length && timingSafeEqual(expected, givenBytes);
  });
}

export function verifyPaysafeWebhook(
  hmacKey: Buffer | null,
  environment: 'LIVE' | 'TEST',
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: Date,
): PaysafeWebhookEvent {
  if (!hmacKey) throw new WebhookSignatureError('no webhook key is configured');
  const header = headers[PAYSAFE_SIGNATURE_HEADER];
  const given = Array.isArray(header) ? header[0] : header;
  if (!given) throw new WebhookSignatureError('missing signature');
  if (!signatureMatches(hmacKey, given.trim(), rawBody)) throw new WebhookSignatureError('signature mismatch');

  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new WebhookSignatureError('body is not JSON');
  }
  const parsed = webhookSchema.safeParse(body);
  if (!parsed.success) throw new WebhookSignatureError('unexpected body');
  const event = parsed.data;
  const ageSeconds = (now.getTime() - Date.parse(event.eventDate)) / 1000;
  if (ageSeconds > PAYSAFE_WEBHOOK_MAX_AGE_SECONDS || ageSeconds < -PAYSAFE_WEBHOOK_CLOCK_SKEW_SECONDS) {
    throw new WebhookSignatureError('outside the replay window');
  }
  if (environment === 'LIVE' && event.mode !== 'live') throw new WebhookSignatureError('a test event in the live environment');

  const eventName = (event.eventName ?? event.eventType)!;
  let transfer: ProcessorTransfer | null = null;
  if (eventName.startsWith('PAYMENT_') && !eventName.startsWith('PAYMENT_HANDLE_')) {
    const payment = paymentSchema.safeParse(event.payload);
    if (!payment.success) throw new WebhookSignatureError('unexpected payment payload');
    transfer = transferOf(payment.data);
  }
  return { eventId: event.id ?? `${eventName}:${event.resourceId}`, eventName, transfer };
}
