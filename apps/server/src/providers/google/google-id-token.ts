import { errors, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** Google's two spellings of its issuer (Google Identity documentation, "Verify the ID token"). */
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** The player a verified Google ID token names. */
export interface GoogleIdentity {
  /** `sub`: Google's stable account id. */
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

export type GoogleTokenProblem = 'malformed' | 'signature' | 'audience' | 'issuer' | 'expired' | 'claims';

/** A refused ID token, with a description the player can read. */
export class GoogleTokenError extends Error {
  override name = 'GoogleTokenError';
  constructor(
    readonly problem: GoogleTokenProblem,
    message: string,
  ) {
    super(message);
  }
}

const descriptions: Record<GoogleTokenProblem, string> = {
  malformed: 'Google sign-in failed: the sign-in token is malformed.',
  signature: 'Google sign-in failed: the sign-in token is not signed by Google.',
  audience: 'Google sign-in failed: the sign-in token was issued for another application.',
  issuer: 'Google sign-in failed: the sign-in token was not issued by Google.',
  expired: 'Google sign-in failed: the sign-in token has expired. Please sign in again.',
  claims: 'Google sign-in failed: the Google account did not share a usable e-mail address.',
};

function refuse(problem: GoogleTokenProblem): GoogleTokenError {
  return new GoogleTokenError(problem, descriptions[problem]);
}

/**
 * Verifies a Google ID token: RS256 signature by a key of `keys`, audience = our client id,
 * issuer = Google, not expired (60 s of clock tolerance), and an e-mail claim. The real adapter
 * passes Google's published key set, the sandbox its local one: one code path for both.
 */
export async function verifyGoogleIdToken(token: string, keys: JWTVerifyGetKey, clientId: string): Promise<GoogleIdentity> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, keys, {
      algorithms: ['RS256'],
      audience: clientId,
      issuer: GOOGLE_ISSUERS,
      clockTolerance: 60,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw refuse('expired');
    if (error instanceof errors.JWTClaimValidationFailed) {
      if (error.claim === 'aud') throw refuse('audience');
      if (error.claim === 'iss') throw refuse('issuer');
      throw refuse('claims');
    }
    if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) throw refuse('signature');
    if (error instanceof errors.JOSEError) throw refuse('malformed');
    throw error;
  }
  const { sub, email, email_verified: emailVerified, name } = payload as Record<string, unknown>;
  if (typeof sub !== 'string' || sub.length === 0 || typeof email !== 'string' || !email.includes('@')) throw refuse('claims');
  return {
    subject: sub,
    email: email.trim(),
    // Google sends a boolean; older tokens carried the string "true".
    emailVerified: emailVerified === true || emailVerified === 'true',
    name: typeof name === 'string' && name.trim() ? name.trim() : null,
  };
}
