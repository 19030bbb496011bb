import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyGoogleIdToken } from './google-id-token.js';

const CLIENT_ID = 'client-123.apps.googleusercontent.com';

async function googleLikeKeys() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
  return { privateKey, keySet: createLocalJWKSet({ keys: [jwk] }) };
}

function token(privateKey: CryptoKey, claims: Record<string, unknown> = {}, options: { iss?: string; aud?: string; exp?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: 'player@example.com', email_verified: true, name: 'A Player', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'key-1' })
    .setSubject('110169484474386276334')
    .setIssuer(options.iss ?? 'accounts.google.com')
    .setAudience(options.aud ?? CLIENT_ID)
    .setIssuedAt(now)
    .setExpirationTime(options.exp ?? now + 3600)
    .sign(privateKey);
}

describe('verifyGoogleIdToken', () => {
  it('accepts a token from either Google issuer spelling and reads the identity', async () => {
    const { privateKey, keySet } = await googleLikeKeys();
    for (const iss of ['accounts.google.com', 'https://accounts.google.com']) {
      await expect(verifyGoogleIdToken(await token(privateKey, {}, { iss }), keySet, CLIENT_ID)).resolves.toEqual({
        subject: '110169484474386276334',
        email: 'player@example.com',
        emailVerified: true,
        name: 'A Player',
      });
    }
  });

  it('reads email_verified false as unverified', async () => {
    const { privateKey, keySet } = await googleLikeKeys();
    const identity = await verifyGoogleIdToken(await token(privateKey, { email_verified: false }), keySet, CLIENT_ID);
    expect(identity.emailVerified).toBe(false);
  });

  it.each([
    ['signature', async (other: CryptoKey) => token(other)],
    ['audience', async (_other: CryptoKey, own: CryptoKey) => token(own, {}, { aud: 'another-client' })],
    ['issuer', async (_other: CryptoKey, own: CryptoKey) => token(own, {}, { iss: 'https://accounts.evil.example' })],
    ['expired', async (_other: CryptoKey, own: CryptoKey) => token(own, {}, { exp: Math.floor(Date.now() / 1000) - 120 })],
    ['claims', async (_other: CryptoKey, own: CryptoKey) => token(own, { email: undefined })],
  ])('refuses a bad %s', async (problem, make) => {
    const { privateKey, keySet } = await googleLikeKeys();
    const { privateKey: other } = await generateKeyPair('RS256');
    await expect(verifyGoogleIdToken(await make(other, privateKey), keySet, CLIENT_ID)).rejects.toMatchObject({ problem });
  });

  it('refuses an unsigned token', async () => {
    const { keySet } = await googleLikeKeys();
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: '1', email: 'a@b.c', aud: CLIENT_ID, iss: 'accounts.google.com' })).toString(
      'base64url',
    );
    await expect(verifyGoogleIdToken(`${header}.${body}.`, keySet, CLIENT_ID)).rejects.toMatchObject({ problem: expect.any(String) });
  });
});
