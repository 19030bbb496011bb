import { fromHundredths } from '@casino/contracts/money';
import { SPIN_WHEEL_COOLDOWN_HOURS, type ProfileSpinWheel, type SpinWheelList, type SpinWheelResult } from '@casino/contracts/spin-wheel';
import { asc, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, DbExecutor, Transaction } from '../../db/client.js';
import { spinWheelSegments, spinWheelSpins } from '../../db/schema/index.js';
import type { EventBus } from '../../events/event-bus.js';
import { AppError } from '../../http/errors.js';
import type { LedgerService } from '../../money/ledger/types.js';
import { userWalletOf } from '../../money/ledger/user-wallet.js';
import { assertMayPlay } from '../../kernel/responsible-play/enforcement.js';
import { pickByWeight } from './picker.js';

/**
 * The daily spin wheel (decision 017).
 *
 * A spin is one transaction: the player's ledger lock, the 24-hour check against the player's last
 * spin, the draw (a cryptographic RNG by the segments' weights), the ledger credit (GC and bonus
 * SC, reason spin_wheel) and the spin's row. The lock makes simultaneous spins of one player queue
 * and the second find the first; the credit's key names the player's spin number, so even a spin
 * that got past the check could not be credited twice.
 */
const COOLDOWN_MS = SPIN_WHEEL_COOLDOWN_HOURS * 60 * 60 * 1000;

export const wheelSegmentInputSchema = z.object({
  gcAmount: z.number().int().min(0),
  scAmount: z.number().int().min(0),
  weight: z.number().int().min(1).max(1_000_000),
  isJackpot: z.boolean().default(false),
});
export const wheelSegmentsInputSchema = z
  .array(wheelSegmentInputSchema)
  .min(2)
  .max(24)
  .refine((segments) => segments.every((segment) => segment.gcAmount + segment.scAmount > 0), 'Every segment needs a prize');
export type WheelSegmentInput = z.input<typeof wheelSegmentInputSchema>;
export type WheelSegmentRow = typeof spinWheelSegments.$inferSelect;

export interface SpinWheelService {
  list(userId: number, now?: Date): Promise<SpinWheelList>;
  spin(userId: number, now?: Date): Promise<SpinWheelResult>;
  profileFlags(userId: number, now?: Date): Promise<ProfileSpinWheel>;
  /** The back office: the segments in play, in wheel order (locked until the transaction ends with `lock`). */
  segments(executor: DbExecutor, lock?: 'lock'): Promise<WheelSegmentRow[]>;
  /** The back office: replaces the wheel's segments (positions in the given order). */
  replaceSegments(tx: Transaction, segments: readonly WheelSegmentInput[]): Promise<void>;
}

export function createSpinWheelService(db: Database, bus: EventBus, ledger: LedgerService): SpinWheelService {
  const activeSegments = (executor: DbExecutor = db) =>
    executor.select().from(spinWheelSegments).where(eq(spinWheelSegments.isActive, true)).orderBy(asc(spinWheelSegments.position));

  async function lastSpin(userId: number, executor: DbExecutor = db) {
    const [row] = await executor
      .select({ claimedAt: spinWheelSpins.claimedAt })
      .from(spinWheelSpins)
      .where(eq(spinWheelSpins.userId, userId))
      .orderBy(desc(spinWheelSpins.claimedAt))
      .limit(1);
    return row?.claimedAt ?? null;
  }

  function state(claimedAt: Date | null, now: Date) {
    const claimed = claimedAt !== null && now.getTime() - claimedAt.getTime() < COOLDOWN_MS;
    return {
      isSpinWheelBonusClaimed: claimed,
      spinWheelClaimedAt: claimedAt?.toISOString() ?? null,
      nextSpinAt: claimed ? new Date(claimedAt.getTime() + COOLDOWN_MS).toISOString() : null,
    };
  }

  return {
    async list(userId, now = new Date()) {
      const [segments, claimedAt] = await Promise.all([activeSegments(), lastSpin(userId)]);
      return {
        wheelConfiguration: segments.map((segment) => ({
          index: segment.position,
          gc: fromHundredths(segment.gcAmount),
          sc: fromHundredths(segment.scAmount),
          isJackpot: segment.isJackpot,
        })),
        ...state(claimedAt, now),
      };
    },

    async spin(userId, now = new Date()) {
      return bus.run(async ({ tx, record }) => {
        await ledger.lockPlayer(tx, userId);
        // No spin during a time break or self-exclusion.
        await assertMayPlay(tx, userId);
        if (state(await lastSpin(userId, tx), now).isSpinWheelBonusClaimed) throw new AppError('SpinWheelAlreadyClaimed');
        const segments = await activeSegments(tx);
        if (segments.length === 0) throw new AppError('SpinWheelUnavailable');
        const won = pickByWeight(segments);
        const [spins] = await tx.select({ n: count() }).from(spinWheelSpins).where(eq(spinWheelSpins.userId, userId));
        const credit = await ledger.creditBonus(tx, {
          userId,
          gc: won.gcAmount,
          sc: won.scAmount,
          reason: 'spin_wheel',
          idempotencyKey: `spin:${userId}:${(spins?.n ?? 0) + 1}`,
          reference: `segment:${won.id}`,
          details: { position: won.position, isJackpot: won.isJackpot },
        });
        if (credit.replayed) throw new AppError('SpinWheelAlreadyClaimed');
        await tx.insert(spinWheelSpins).values({
          userId,
          segmentId: won.id,
          position: won.position,
          gcAmount: won.gcAmount,
          scAmount: won.scAmount,
          transferId: credit.transferId,
          claimedAt: now,
        });
        await record({
          type: 'BonusCredited',
          payload: { userId, bonusType: 'spin_wheel', gc: won.gcAmount, sc: won.scAmount, transferId: credit.transferId },
        });
        return {
          index: won.position,
          gc: fromHundredths(won.gcAmount),
          sc: fromHundredths(won.scAmount),
          isJackpot: won.isJackpot,
          spinWheelClaimedAt: now.toISOString(),
          nextSpinAt: new Date(now.getTime() + COOLDOWN_MS).toISOString(),
          userWallet: userWalletOf(credit.balancesAfter),
        };
      });
    },

    async profileFlags(userId, now = new Date()) {
      const { isSpinWheelBonusClaimed, spinWheelClaimedAt } = state(await lastSpin(userId), now);
      return { isSpinWheelBonusClaimed, spinWheelClaimedAt };
    },

    segments: (executor, lock) => (lock ? activeSegments(executor).for('update') : activeSegments(executor)),

    async replaceSegments(tx, segments) {
      const parsed = wheelSegmentsInputSchema.parse(segments);
      // Old segments stay (spins refer to them), switched off; the new ones take the positions.
      await tx.update(spinWheelSegments).set({ isActive: false, updatedAt: new Date() }).where(eq(spinWheelSegments.isActive, true));
      await tx.insert(spinWheelSegments).values(parsed.map((segment, position) => ({ ...segment, position })));
    },
  };
}
