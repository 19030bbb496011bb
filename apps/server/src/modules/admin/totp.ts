import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * Time-based one-time codes (RFC 6238: SHA-1, 6 digits, 30 s), what every authenticator app
 * reads from an otpauth:// URI. The server accepts the code of the current step and of one step
 * either side (clock drift), each step at most once per operator (the caller keeps the last step).
 */
export const TOTP_PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;

export function newTotpSecret(): string {
  // 160 bits, the length RFC 4226 recommends for HMAC-SHA1.
  return new Secret({ buffer: new Uint8Array(randomBytes(20)).buffer }).base32;
}

function totpOf(secretBase32: string, label = 'operator', issuer = 'Lucky Crown'): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

export function otpauthUri(secretBase32: string, email: string, issuer: string): string {
  return totpOf(secretBase32, email, issuer).toString();
}

/** The step whose code this is (within the drift window), or null for a wrong code. */
export function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of a secret at a time (tests, the end-to-end spec and the admin:create check). */
export function totpCode(secretBase32: string, now = Date.now()): string {
  return totpOf(secretBase32).generate({ timestamp: now });
}

/** The URI as a QR code, an SVG data: URL that the sign-in page shows as an image. */
export async function qrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
