import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * An identity-verification (KYC) vendor (docs/ARCHITECTURE.md 'Vendors behind adapters'). The player is
 * sent to the vendor's hosted page (document, then selfie); the vendor tells us the outcome only
 * through signed webhooks. Statuses are the seed's (seed 001 section 4 'KYC status').
 */
export type KycSessionStatus = 'created' | 'activated' | 'processing' | 'complete' | 'failed' | 'archived';

export interface KycSession {
  sessionId: string;
  /** The hosted verification page. */
  url: string;
  status: KycSessionStatus;
}

/** A verified webhook: the vendor's event id, the session and the status it reached. */
export interface KycWebhookEvent {
  eventId: string;
  sessionId: string;
  status: KycSessionStatus;
}

export class KycWebhookSignatureError extends Error {
  override name = 'KycWebhookSignatureError';
}

export interface KycProvider {
  readonly kind: 'sandbox' | 'persona';
  readonly name: string;
  /** Opens a verification session for our player reference; the player finishes it on `url`. */
  createSession(input: { reference: string; returnUrl: string }): Promise<KycSession>;
  /**
   * Verifies a webhook's signature and replay window (throws KycWebhookSignatureError) and reads
   * it: the session's new status, or null for a genuine event that moves no session (one the
   * vendor sends about something else), which is acknowledged and changes nothing.
   */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string, now?: Date): KycWebhookEvent | null;
}

/** How far a webhook's timestamp may lie from our clock (replay window). */
export const KYC_WEBHOOK_TOLERANCE_SECONDS = 300;
export const KYC_SIGNATURE_HEADER = 'kyc-signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signKycWebhook(secret: string, rawBody: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

const STATUSES: readonly KycSessionStatus[] = ['created', 'activated', 'processing', 'complete', 'failed', 'archived'];

export function verifyKycWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: Date,
): KycWebhookEvent {
  const raw = headers[KYC_SIGNATURE_HEADER];
  const header = Array.isArray(raw) ? raw[0] : raw;
  if (!header) throw new KycWebhookSignatureError('missing signature');
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const index = part.indexOf('=');
      return [part.slice(0, index).trim(), part.slice(index + 1).trim()];
    }),
  );
  const timestamp = Number(parts.t);
  if (!Number.isSafeInteger(timestamp)) throw new KycWebhookSignatureError('missing timestamp');
  if (Math.abs(now.getTime() / 1000 - timestamp) > KYC_WEBHOOK_TOLERANCE_SECONDS)
    throw new KycWebhookSignatureError('outside the replay window');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'));
  const given = Buffer.from(String(parts.v1 ?? ''));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new KycWebhookSignatureError('signature mismatch');
  let body: { id?: unknown; data?: { sessionId?: unknown; status?: unknown } };
  try {
    body = JSON.parse(rawBody) as typeof body;
  } catch {
    throw new KycWebhookSignatureError('body is not JSON');
  }
  const status = body.data?.status;
  if (typeof body.id !== 'string' || typeof body.data?.sessionId !== 'string' || !STATUSES.includes(status as KycSessionStatus)) {
    throw new KycWebhookSignatureError('unexpected body');
  }
  return { eventId: body.id, sessionId: body.data.sessionId, status: status as KycSessionStatus };
}
