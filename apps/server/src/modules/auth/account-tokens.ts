import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { accountTokens } from '../../db/schema/index.js';
import { hashToken, randomToken } from '../../lib/tokens.js';

export type AccountTokenPurpose = 'verify_email' | 'reset_password';

export interface IssuedToken {
  /** Goes into the link only; the database keeps its hash. */
  token: string;
  expiresAt: Date;
}

/**
 * E-mail verification and password-reset links: 256-bit random tokens, stored
 * hashed, single use, expiring.
 */
export async function issueAccountToken(
  db: DbExecutor,
  input: { userId: number; purpose: AccountTokenPurpose; email: string; ttlSeconds: number; supersede: boolean },
): Promise<IssuedToken> {
  if (input.supersede) await retireAccountTokens(db, input.userId, input.purpose);
  const token = randomToken();
  const expiresAt = new Date(Date.now() + input.ttlSeconds * 1000);
  await db.insert(accountTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    email: input.email,
    expiresAt,
  });
  return { token, expiresAt };
}

export interface LiveToken {
  id: number;
  userId: number;
  email: string;
}

/** The unused, unexpired token row of this purpose, without using it. */
export async function findLiveAccountToken(db: DbExecutor, token: string, purpose: AccountTokenPurpose): Promise<LiveToken | undefined> {
  const [row] = await db
    .select({ id: accountTokens.id, userId: accountTokens.userId, email: accountTokens.email })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/**
 * Uses a token: one atomic update that succeeds for exactly one caller, even when the same link
 * is opened twice at once. Undefined when the token is unknown, used or expired.
 */
export async function consumeAccountToken(db: DbExecutor, token: string, purpose: AccountTokenPurpose): Promise<LiveToken | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: accountTokens.id, userId: accountTokens.userId, email: accountTokens.email });
  return row;
}

/** Ends every open token of the purpose for the account (a newer link, or the job is done). */
export async function retireAccountTokens(db: DbExecutor, userId: number, purpose: AccountTokenPurpose): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}
