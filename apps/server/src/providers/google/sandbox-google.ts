import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTVerifyGetKey } from 'jose';
import type { Database } from '../../db/client.js';
import { sandboxSigningKeys } from '../../db/schema/index.js';
import { GOOGLE_ISSUERS } from './google-id-token.js';

const KEY_NAME = 'google-id-token';

export interface SandboxIdTokenInput {
  email: string;
  name: string;
  emailVerified: boolean;
  /** Test inputs that make a token Google's verifier must refuse. */
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative for an already expired token. */
  expiresIn?: number;
  /** Sign with a throw-away key instead of the sandbox key (a forged signature). */
  foreignKey?: boolean;
}

export interface SandboxGoogle {
  /** The public key set the verifier uses (the sandbox's "Google certs"). */
  keySet(): Promise<JWTVerifyGetKey>;
  /** A signed ID token with Google's claims for a test account. */
  signIdToken(input: SandboxIdTokenInput): Promise<string>;
}

/** Google subjects are decimal strings of up to 21 digits; a test account keeps one per e-mail. */
export function sandboxSubject(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest();
  return (digest.readBigUInt64BE(0) % 10n ** 21n).toString().padStart(21, '1');
}

/**
 * The sandbox "Google": an RS256 key pair created once and kept in the database (so every server
 * process signs and verifies with the same key), ID tokens with the claims Google sends.
 */
export function createSandboxGoogle(db: Database, clientId: string): SandboxGoogle {
  let loaded: Promise<{ kid: string; privateJwk: JWK; publicJwk: JWK }> | undefined;

  async function loadKey() {
    const existing = await db.query.sandboxSigningKeys.findFirst({ where: eq(sandboxSigningKeys.name, KEY_NAME) });
    if (existing) return existing;
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
    // Two processes starting together: the first insert wins and both read it back.
    await db.insert(sandboxSigningKeys).values({ name: KEY_NAME, kid, privateJwk, publicJwk }).onConflictDoNothing();
    const stored = await db.query.sandboxSigningKeys.findFirst({ where: eq(sandboxSigningKeys.name, KEY_NAME) });
    if (!stored) throw new Error('sandbox Google key was not stored');
    return stored;
  }

  function key() {
    loaded ??= loadKey().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  }

  return {
    async keySet() {
      const { publicJwk } = await key();
      return createLocalJWKSet({ keys: [publicJwk] });
    },
    async signIdToken(input) {
      const stored = await key();
      let signingKey;
      if (input.foreignKey) {
        signingKey = (await generateKeyPair('RS256')).privateKey;
      } else {
        signingKey = await importJWK(stored.privateJwk, 'RS256');
      }
      const now = Math.floor(Date.now() / 1000);
      const [givenName, ...rest] = input.name.trim().split(/\s+/);
      return new SignJWT({
        email: input.email,
        email_verified: input.emailVerified,
        name: input.name,
        given_name: givenName,
        family_name: rest.join(' ') || undefined,
        azp: clientId,
      })
        .setProtectedHeader({ alg: 'RS256', kid: stored.kid, typ: 'JWT' })
        .setSubject(sandboxSubject(input.email))
        .setIssuer(input.issuer ?? GOOGLE_ISSUERS[1]!)
        .setAudience(input.audience ?? clientId)
        .setIssuedAt(now)
        .setExpirationTime(now + (input.expiresIn ?? 3600))
        .sign(signingKey);
    },
  };
}
