import { createSealedBox } from '../../lib/secret-box.js';

/**
 * Seals operators' TOTP secrets for the database: lib/secret-box.ts under a key
 * derived from OPERATOR_TOTP_KEY, bound to the operator it belongs to.
 */
export interface SecretBox {
  seal(plain: string, operatorId: number): string;
  /** Throws when the value was not sealed by this key for this operator. */
  open(sealed: string, operatorId: number): string;
}

export function createSecretBox(secret: string): SecretBox {
  const box = createSealedBox(secret, 'lucky-crown operator totp secret');
  return {
    seal: (plain, operatorId) => box.seal(plain, `operator:${operatorId}`),
    open: (sealed, operatorId) => box.open(sealed, `operator:${operatorId}`),
  };
}
