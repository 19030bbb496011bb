import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError, type ProcessorWebhookEvent } from './card-processor.js';
import { finixTransferSchema, toProcessorTransfer } from './finix-api.js';

/**
 * Finix's signed webhooks. Each delivery carries `Finix-Signature: timestamp=<unix seconds>,
 * sig=<hex>`, the hex HMAC-SHA256 of `<timestamp>:<raw body>` under the webhook's
 * secret_signing_key (FINIX_WEBHOOK_SECRET). The body is an event: `{ id, type: 'created' |
 * 'updated' | …, entity: 'transfer' | 'merchant' | …, occurred_at, _embedded: { transfers: [ … ] } }`.
 */
export const FINIX_SIGNATURE_HEADER = 'finix-signature';

/** `timestamp=<t>, sig=<hex>` for a body (what Finix sends; tests sign their deliveries with it). */
export function signFinixWebhook(secret: string, rawBody: string, timestamp: number): string {
  return `timestamp=${timestamp}, sig=${createHmac('sha256', secret).update(`${timestamp}:${rawBody}`).digest('hex')}`;
}

function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Checks the signature and the replay window; throws WebhookSignatureError. */
export function verifyFinixSignature(secret: string, header: string | undefined, rawBody: string, now: Date): void {
  if (!header) throw new WebhookSignatureError('missing signature');
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const key = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (key === 'timestamp') timestamp = value;
    else if (key === 'sig') signatures.push(value.toLowerCase());
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) throw new WebhookSignatureError('missing timestamp');
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS)
    throw new WebhookSignatureError('outside the replay window');
  const expected = createHmac('sha256', secret).update(`${timestamp}:${rawBody}`).digest();
  const matches = signatures.some((signature) => {
    if (!/^[0-9a-f]{64}$/.test(signature)) return false;
    return timingSafeEqual(Buffer.from(signature, 'hex'), expected);
  });
  if (!matches) throw new WebhookSignatureError('signature mismatch');
}

const eventSchema = z.object({
  id: z.string().min(1).optional(),
  type: z.string().optional(),
  entity: z.string().optional(),
  _embedded: z.record(z.string(), z.unknown()).optional(),
});

/**
 * A verified body: a transfer event about one of our purchases, or null for any other genuine
 * notification (another entity, a transfer without our merchantRefNum tag such as a payout, an
 * empty test event). A transfer event whose transfer cannot be read is refused.
 */
export function parseFinixWebhook(rawBody: string): ProcessorWebhookEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody === '' ? '{}' : rawBody);
  } catch {
    throw new WebhookSignatureError('body is not JSON');
  }
  const event = eventSchema.safeParse(json);
  if (!event.success) throw new WebhookSignatureError('unexpected body');
  if (event.data.entity !== 'transfer') return null;
  const transfers = z.array(finixTransferSchema).min(1).safeParse(event.data._embedded?.transfers);
  if (!transfers.success) throw new WebhookSignatureError('unexpected body');
  const finixTransfer = transfers.data[0]!;
  const transfer = toProcessorTransfer(finixTransfer);
  if (!transfer) return null;
  // The event's id when it has one; else the transfer's state at its last update, which one delivery
  // and its retries share.
  const eventId = event.data.id ?? `${finixTransfer.id}:${finixTransfer.state}:${finixTransfer.updated_at ?? ''}`;
  return { eventId, transfer };
}

export function verifyFinixWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: Date,
): ProcessorWebhookEvent | null {
  verifyFinixSignature(secret, headerValue(headers, FINIX_SIGNATURE_HEADER), rawBody, now);
  return parseFinixWebhook(rawBody);
}
