import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { playerBlocks } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';

/**
 * A player blocked by an operator cannot sign in: the login path calls this
 * before and after it creates a session (as it does for exclusions), the block itself ends every
 * session and socket the player has.
 */
export async function isBlocked(executor: DbExecutor, userId: number): Promise<boolean> {
  const rows = await executor.select({ userId: playerBlocks.userId }).from(playerBlocks).where(eq(playerBlocks.userId, userId));
  return rows.length > 0;
}

export async function assertNotBlocked(executor: DbExecutor, userId: number): Promise<void> {
  if (await isBlocked(executor, userId)) throw new AppError('PlayerBlocked');
}

export type PlayerBlock = typeof playerBlocks.$inferSelect;

/** The back office: the player's block, if any. */
export async function blockOf(executor: DbExecutor, userId: number): Promise<PlayerBlock | undefined> {
  const [row] = await executor.select().from(playerBlocks).where(eq(playerBlocks.userId, userId));
  return row;
}

/** The back office: blocks a player not blocked yet; ending their sessions is the caller's. */
export async function blockPlayer(tx: DbExecutor, block: { userId: number; reason: string; operatorId: number }): Promise<void> {
  await tx.insert(playerBlocks).values(block);
}

/** The back office: lifts the player's block. */
export async function unblockPlayer(tx: DbExecutor, userId: number): Promise<void> {
  await tx.delete(playerBlocks).where(eq(playerBlocks.userId, userId));
}
