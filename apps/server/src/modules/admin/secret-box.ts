import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals operators' TOTP secrets for the database (issue 18 point 1): AES-256-GCM under a key
 * derived (HKDF-SHA256) from OPERATOR_TOTP_KEY, bound to the operator it belongs to, so a copy of
 * the database alone yields no secret and a sealed secret moved to another operator's row does
 * not open. Format: 'v1.' + base64url(iv | tag | ciphertext).
 */
export interface SecretBox {
  seal(plain: string, operatorId: number): string;
  /** Throws when the value was not sealed by this key for this operator. */
  open(sealed: string, operatorId: number): string;
}

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSecretBox(secret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'lucky-crown operator totp secret', 32));
  const aad = (operatorId: number) => Buffer.from(`operator:${operatorId}`);
  return {
    seal(plain, operatorId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(operatorId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed, operatorId) {
      if (!sealed.startsWith(VERSION)) throw new Error('unknown sealed secret format');
      const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(aad(operatorId));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
