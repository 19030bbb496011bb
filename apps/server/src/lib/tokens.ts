import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token of 256 bits, URL-safe (sessions, e-mail and reset links). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: its SHA-256, so a database leak yields no token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
