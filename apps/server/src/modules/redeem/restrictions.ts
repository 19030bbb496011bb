import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { playerRestrictions } from '../../db/schema/index.js';

/**
 * A player restricted by an operator cannot redeem (3079 PlayerRestricted): a redemption checks
 * it under the player's money lock, and the back office sets and lifts it under the same lock.
 */
export type RedeemRestriction = typeof playerRestrictions.$inferSelect;

const redeemOf = (userId: number) => and(eq(playerRestrictions.userId, userId), eq(playerRestrictions.action, 'redeem'));

export async function redeemRestrictionOf(executor: DbExecutor, userId: number): Promise<RedeemRestriction | undefined> {
  const [row] = await executor.select().from(playerRestrictions).where(redeemOf(userId));
  return row;
}

/** The back office: restricts the player's redemptions. */
export async function restrictRedemptions(tx: DbExecutor, userId: number, reason: string): Promise<void> {
  await tx.insert(playerRestrictions).values({ userId, action: 'redeem', reason });
}

/** The back office: lifts the restriction of the player's redemptions. */
export async function liftRedemptionRestriction(tx: DbExecutor, userId: number): Promise<void> {
  await tx.delete(playerRestrictions).where(redeemOf(userId));
}
