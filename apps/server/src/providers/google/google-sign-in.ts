import { createRemoteJWKSet } from 'jose';
import type { Config } from '../../config.js';
import { ConfigError } from '../../config.js';
import type { Database } from '../../db/client.js';
import { verifyGoogleIdToken, type GoogleIdentity } from './google-id-token.js';
import { createSandboxGoogle, type SandboxGoogle } from './sandbox-google.js';

/** Google's published signing keys for ID tokens. */
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

/**
 * Google sign-in (docs/ARCHITECTURE.md 'Vendors behind adapters'). `google`: ID tokens from Google Identity Services,
 * verified against Google's key set. `sandbox`: ID tokens signed by a local key that the sandbox
 * account chooser hands out, verified by the same code.
 */
export interface GoogleSignIn {
  readonly mode: 'sandbox' | 'google';
  readonly clientId: string;
  /** Throws GoogleTokenError for a token that must be refused. */
  verify(idToken: string): Promise<GoogleIdentity>;
  /** Present only in sandbox mode. */
  readonly sandbox: SandboxGoogle | undefined;
}

export function createGoogleSignIn(config: Config, db: Database): GoogleSignIn {
  const clientId = config.GOOGLE_CLIENT_ID;
  if (config.GOOGLE_SIGN_IN === 'google') {
    const keys = createRemoteJWKSet(new URL(GOOGLE_JWKS_URL));
    return { mode: 'google', clientId, sandbox: undefined, verify: (token) => verifyGoogleIdToken(token, keys, clientId) };
  }
  if (config.isProduction && !config.ALLOW_SANDBOX) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_SIGN_IN: must be "google" when APP_ENV=production (or set ALLOW_SANDBOX=true for the sandbox account chooser)',
    );
  }
  const sandbox = createSandboxGoogle(db, clientId);
  return {
    mode: 'sandbox',
    clientId,
    sandbox,
    verify: async (token) => verifyGoogleIdToken(token, await sandbox.keySet(), clientId),
  };
}
