import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signing of seamless-wallet requests. A game server signs each call with the
 * shared secret over the timestamp, the method, the path and the exact body it sends:
 *
 *   signature = hex(HMAC-SHA256(secret, `${timestamp}.${METHOD}.${path}.${body}`))
 *
 * sent as the headers below. The wallet refuses a signature older (or newer) than
 * WALLET_SIGNATURE_MAX_AGE_MS, so a captured request cannot be replayed later; within that window
 * a replay carries the same transaction id and moves nothing (idempotency).
 */
export const WALLET_TIMESTAMP_HEADER = 'x-wallet-timestamp';
export const WALLET_SIGNATURE_HEADER = 'x-wallet-signature';
export const WALLET_SIGNATURE_MAX_AGE_MS = 30_000;

function key(secret: string): string {
  // Domain separation: the same secret signs launch tokens, but never interchangeably.
  return `wallet:${secret}`;
}

export function signWalletRequest(secret: string, input: { timestamp: number; method: string; path: string; body: string }): string {
  return createHmac('sha256', key(secret))
    .update(`${input.timestamp}.${input.method.toUpperCase()}.${input.path}.${input.body}`)
    .digest('hex');
}

export type WalletSignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'expired' | 'signature' };

export function verifyWalletSignature(
  secret: string,
  input: { timestamp: string | undefined; signature: string | undefined; method: string; path: string; body: string },
  now = Date.now(),
): WalletSignatureCheck {
  if (!input.timestamp || !input.signature) return { ok: false, reason: 'missing' };
  if (!/^\d{1,16}$/.test(input.timestamp)) return { ok: false, reason: 'missing' };
  const timestamp = Number(input.timestamp);
  if (Math.abs(now - timestamp) > WALLET_SIGNATURE_MAX_AGE_MS) return { ok: false, reason: 'expired' };
  const expected = Buffer.from(signWalletRequest(secret, { timestamp, method: input.method, path: input.path, body: input.body }));
  const given = Buffer.from(input.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature' };
  return { ok: true };
}
