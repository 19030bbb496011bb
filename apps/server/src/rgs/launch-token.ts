import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Coin } from '../money/ledger/types.js';

/**
 * Launch tokens (docs/ARCHITECTURE.md 'Games'): the casino signs who may open which game with which coin,
 * for a short while, and the game server opens a session only for a token it can verify. The
 * token is `<payload>.<signature>`: the payload is base64url JSON, the signature an HMAC-SHA256
 * of it with GAME_SERVER_SECRET. Each token carries a random nonce (jti) that the game server
 * records when it opens the session, so a token opens one session, once.
 */
export const LAUNCH_TOKEN_TTL_SECONDS = 120;

export interface LaunchClaims {
  /** Nonce: one session per token. */
  jti: string;
  userId: number;
  /** The player's login session: the game lives only as long as it (logout ends play too). */
  sessionId: number;
  /** masterCasinoGameId. */
  gameId: number;
  /** The game's identifier on the game server (title id). */
  identifier: string;
  coin: Coin;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', `launch:${secret}`).update(payload).digest('base64url');
}

export function issueLaunchToken(secret: string, claims: Omit<LaunchClaims, 'jti' | 'exp'>, now = Date.now()): string {
  const full: LaunchClaims = {
    ...claims,
    jti: randomBytes(16).toString('base64url'),
    exp: Math.floor(now / 1000) + LAUNCH_TOKEN_TTL_SECONDS,
  };
  const payload = Buffer.from(JSON.stringify(full)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export type LaunchTokenCheck = { ok: true; claims: LaunchClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

export function verifyLaunchToken(secret: string, token: string, now = Date.now()): LaunchTokenCheck {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature' };
  let claims: LaunchClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LaunchClaims;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const valid =
    typeof claims.jti === 'string' &&
    Number.isSafeInteger(claims.userId) &&
    Number.isSafeInteger(claims.sessionId) &&
    Number.isSafeInteger(claims.gameId) &&
    typeof claims.identifier === 'string' &&
    (claims.coin === 'GC' || claims.coin === 'SC') &&
    Number.isSafeInteger(claims.exp);
  if (!valid) return { ok: false, reason: 'malformed' };
  if (claims.exp * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
