import { and, count, eq, gte } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { referrals } from '../../db/schema/index.js';

/**
 * A referrer is paid at most REFERRAL_DAILY_REWARD_CAP referral rewards per UTC day
 * (docs/decisions/056): a reward past the cap is held for review, never paid by itself, so a ring
 * of accounts that pass every same-person check still cannot farm rewards without limit.
 *
 * The caller holds the referrer's ledger lock (ledger.lockPlayer) from before this count until
 * its reward is written: two friends' purchases at the cap are then decided one after the other,
 * and the second counts the first (referral-daily-cap.races.test.ts).
 */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export async function reachedDailyCap(tx: Transaction, referrerUserId: number, cap: number, now = new Date()): Promise<boolean> {
  const [paid] = await tx
    .select({ value: count() })
    .from(referrals)
    .where(and(eq(referrals.referrerUserId, referrerUserId), eq(referrals.status, 'paid'), gte(referrals.rewardedAt, startOfUtcDay(now))));
  return (paid?.value ?? 0) >= cap;
}
