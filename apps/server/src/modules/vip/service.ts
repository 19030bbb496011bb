import { fromHundredths } from '@casino/contracts/money';
import type { ProfileVip, VipTierDetail, VipTiersResponse } from '@casino/contracts/vip';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client.js';
import { playerDailyTotals, vipProgress, vipRakebackCredits, vipTierRewards, vipTiers } from '../../db/schema/index.js';
import { writeEvent, type EventBus, type Subscriber } from '../../events/event-bus.js';
import type { LedgerService } from '../../money/ledger/types.js';

/**
 * The VIP programme (decision 018).
 *
 * - Progress is SC wagered (bets less rolled-back bets) and GC purchased, kept per player from the
 *   money core's events by a subscriber: the event's delivery transaction writes it, so each event
 *   counts once.
 * - A tier is reached by SC wagered OR GC purchased; tiers never fall back. Reaching a tier credits
 *   its bonus GC and SC once: the reward's row (primary key player + tier) and the ledger key
 *   `vip:<userId>:<tier>` make sure of it, whichever delivery gets there first.
 * - Rakeback: a share (the tier's rakeback %) of each UTC day's SC net loss (wagered - won, from
 *   the play totals), credited as bonus SC by a job for the previous day, once per player and day.
 */
export type TierRow = typeof vipTiers.$inferSelect;
type Executor = DbExecutor | Transaction;

const percent = (bps: number) => bps / 100;

function summary(tier: TierRow) {
  return {
    vipTierId: tier.vipTierId,
    name: tier.name,
    boost: percent(tier.boostBps),
    rakeback: percent(tier.rakebackBps),
    scRequiredPlay: fromHundredths(tier.scRequiredPlay),
    gcRequiredPurchase: fromHundredths(tier.gcRequiredPurchase),
  };
}

/** The highest tier whose SC-played or GC-purchased threshold the totals meet (the first tier always). */
export function tierReached(tiers: readonly TierRow[], scWagered: number, gcPurchased: number): number {
  let reached = tiers[0]?.vipTierId ?? 1;
  for (const tier of tiers) if (scWagered >= tier.scRequiredPlay || gcPurchased >= tier.gcRequiredPurchase) reached = tier.vipTierId;
  return reached;
}

/** Progress from the current tier's thresholds to the next's, by the path further along, 0-100. */
export function progressPercentage(current: TierRow, next: TierRow | undefined, scWagered: number, gcPurchased: number): number {
  if (!next) return 100;
  const share = (value: number, from: number, to: number) => (to <= from ? 1 : Math.max(0, Math.min(1, (value - from) / (to - from))));
  const best = Math.max(
    share(scWagered, current.scRequiredPlay, next.scRequiredPlay),
    share(gcPurchased, current.gcRequiredPurchase, next.gcRequiredPurchase),
  );
  return Math.floor(best * 100);
}

export interface VipUpdate {
  name?: string;
  scRequiredPlay?: number;
  gcRequiredPurchase?: number;
  bonusGc?: number;
  bonusSc?: number;
  rakebackBps?: number;
  boostBps?: number;
  welcomeReward?: string;
  vipClubAccess?: boolean;
}

export interface VipService {
  tiers(userId: number): Promise<VipTiersResponse>;
  profilePart(userId: number): Promise<ProfileVip>;
  readonly subscriber: Subscriber;
  /** Credits rakeback for one UTC day (YYYY-MM-DD); answers how many players were credited. */
  creditRakeback(day: string): Promise<number>;
  /** The back office: every tier in order (locked until the transaction ends with `lock`). */
  allTiers(executor: Executor, lock?: 'lock'): Promise<TierRow[]>;
  /** The back office: a tier's values. */
  updateTier(tx: Transaction, vipTierId: number, values: VipUpdate): Promise<TierRow>;
}

export function createVipService(db: Database, bus: EventBus, ledger: LedgerService): VipService {
  const allTiers = (executor: Executor = db) => executor.select().from(vipTiers).orderBy(asc(vipTiers.vipTierId));

  async function progressOf(userId: number, executor: Executor = db) {
    const [row] = await executor.select().from(vipProgress).where(eq(vipProgress.userId, userId));
    return row ?? { scWagered: 0, gcPurchased: 0, currentTier: 1 };
  }

  async function detail(userId: number): Promise<VipTierDetail> {
    const [tiers, progress] = await Promise.all([allTiers(), progressOf(userId)]);
    const index = Math.max(
      0,
      tiers.findIndex((tier) => tier.vipTierId === progress.currentTier),
    );
    const current = tiers[index]!;
    const next = tiers[index + 1];
    return {
      currentTier: summary(current),
      nextTier: next ? summary(next) : null,
      percentage: progressPercentage(current, next, progress.scWagered, progress.gcPurchased),
      totalScSpend: fromHundredths(progress.scWagered),
      totalGcSpend: fromHundredths(progress.gcPurchased),
    };
  }

  /** In the event's delivery transaction: the change to the totals, then any tier newly reached. */
  async function applyProgress(tx: Transaction, userId: number, change: { sc: number; gc: number }): Promise<void> {
    // The upsert locks the player's progress row: deliveries of one player's events queue here.
    const [progress] = await tx
      .insert(vipProgress)
      .values({ userId, scWagered: Math.max(0, change.sc), gcPurchased: change.gc })
      .onConflictDoUpdate({
        target: vipProgress.userId,
        set: {
          scWagered: sql`greatest(0, ${vipProgress.scWagered} + ${change.sc})`,
          gcPurchased: sql`${vipProgress.gcPurchased} + ${change.gc}`,
          updatedAt: new Date(),
        },
      })
      .returning();
    const tiers = await allTiers(tx);
    const reached = tierReached(tiers, progress!.scWagered, progress!.gcPurchased);
    if (reached <= progress!.currentTier) return;
    await tx.update(vipProgress).set({ currentTier: reached }).where(eq(vipProgress.userId, userId));
    for (const tier of tiers) {
      if (tier.vipTierId <= progress!.currentTier || tier.vipTierId > reached) continue;
      const [claimed] = await tx.insert(vipTierRewards).values({ userId, vipTierId: tier.vipTierId }).onConflictDoNothing().returning();
      if (!claimed || tier.bonusGc + tier.bonusSc === 0) continue;
      await ledger.lockPlayer(tx, userId);
      const credit = await ledger.creditBonus(tx, {
        userId,
        gc: tier.bonusGc,
        sc: tier.bonusSc,
        reason: 'vip_reward',
        idempotencyKey: `vip:${userId}:${tier.vipTierId}`,
        reference: `vip-tier:${tier.vipTierId}`,
        details: { tier: tier.name },
      });
      await tx
        .update(vipTierRewards)
        .set({ transferId: credit.transferId })
        .where(and(eq(vipTierRewards.userId, userId), eq(vipTierRewards.vipTierId, tier.vipTierId)));
      // The player's wallet socket hears of it from this event (delivered by the outbox sweep).
      await writeEvent(tx, {
        type: 'BonusCredited',
        payload: { userId, bonusType: 'vip_reward', gc: tier.bonusGc, sc: tier.bonusSc, transferId: credit.transferId },
      });
    }
  }

  const subscriber: Subscriber = {
    name: 'vip progress',
    handles: ['BetPlaced', 'BetRolledBack', 'PurchaseCredited'],
    async handle(event, { tx }) {
      if (event.type === 'PurchaseCredited') {
        if (event.payload.gc > 0) await applyProgress(tx, event.payload.userId, { sc: 0, gc: event.payload.gc });
        return;
      }
      if (event.type !== 'BetPlaced' && event.type !== 'BetRolledBack') return;
      const { userId, coin, amount } = event.payload;
      if (coin !== 'SC' || amount === 0) return;
      await applyProgress(tx, userId, { sc: event.type === 'BetPlaced' ? amount : -amount, gc: 0 });
    },
  };

  return {
    async tiers(userId) {
      const [tiers, progress] = await Promise.all([allTiers(), progressOf(userId)]);
      return {
        vipTiers: tiers.map((tier) => ({
          ...summary(tier),
          bonusSc: fromHundredths(tier.bonusSc),
          bonusGc: fromHundredths(tier.bonusGc),
          welcomeReward: tier.welcomeReward,
          vipClubAccess: tier.vipClubAccess,
          isClaimed: tier.vipTierId <= progress.currentTier,
        })),
      };
    },

    async profilePart(userId) {
      return { vipTierDetail: await detail(userId) };
    },

    subscriber,

    async creditRakeback(day) {
      const losers = await db
        .select({ userId: playerDailyTotals.userId, wagered: playerDailyTotals.wagered, won: playerDailyTotals.won })
        .from(playerDailyTotals)
        .where(and(eq(playerDailyTotals.day, day), eq(playerDailyTotals.coin, 'SC'), gt(playerDailyTotals.wagered, playerDailyTotals.won)));
      let credited = 0;
      for (const loser of losers) {
        const done = await bus.run(async ({ tx, record }) => {
          await ledger.lockPlayer(tx, loser.userId);
          const [already] = await tx
            .select({ day: vipRakebackCredits.day })
            .from(vipRakebackCredits)
            .where(and(eq(vipRakebackCredits.userId, loser.userId), eq(vipRakebackCredits.day, day)));
          if (already) return false;
          const progress = await progressOf(loser.userId, tx);
          const [tier] = await tx.select().from(vipTiers).where(eq(vipTiers.vipTierId, progress.currentTier));
          const bps = tier?.rakebackBps ?? 0;
          const amount = Math.floor(((loser.wagered - loser.won) * bps) / 10_000);
          if (amount <= 0) return false;
          const credit = await ledger.creditBonus(tx, {
            userId: loser.userId,
            gc: 0,
            sc: amount,
            reason: 'rakeback',
            idempotencyKey: `rakeback:${loser.userId}:${day}`,
            reference: `rakeback:${day}`,
            details: { day, scWagered: loser.wagered, scWon: loser.won, rakebackBps: bps },
          });
          if (credit.replayed) return false;
          await tx.insert(vipRakebackCredits).values({
            userId: loser.userId,
            day,
            scWagered: loser.wagered,
            scWon: loser.won,
            rakebackBps: bps,
            amount,
            transferId: credit.transferId,
          });
          await record({
            type: 'BonusCredited',
            payload: { userId: loser.userId, bonusType: 'rakeback', gc: 0, sc: amount, transferId: credit.transferId },
          });
          return true;
        });
        if (done) credited += 1;
      }
      return credited;
    },

    allTiers: (executor, lock) => (lock ? allTiers(executor).for('update') : allTiers(executor)),

    async updateTier(tx, vipTierId, values) {
      const [row] = await tx
        .update(vipTiers)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(vipTiers.vipTierId, vipTierId))
        .returning();
      return row!;
    },
  };
}

/** The previous UTC day of `now`, as YYYY-MM-DD. */
export function previousUtcDay(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1)).toISOString().slice(0, 10);
}
