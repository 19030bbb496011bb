import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals a secret for the database: AES-256-GCM under a key derived (HKDF-SHA256) from a server
 * secret and a purpose, bound to the row it belongs to (its subject, authenticated data), so a
 * copy of the database alone yields nothing and a sealed value moved to another row does not open.
 * Format: 'v1.' + base64url(iv | tag | ciphertext).
 */
export interface SealedBox {
  seal(plain: string, subject: string): string;
  /** Throws when the value was not sealed by this key, for this purpose and subject. */
  open(sealed: string, subject: string): string;
}

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSealedBox(secret: string, purpose: string): SealedBox {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32));
  return {
    seal(plain, subject) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(subject));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed, subject) {
      if (!sealed.startsWith(VERSION)) throw new Error('unknown sealed secret format');
      const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(subject));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
