import { fromHundredths } from '@casino/contracts/money';
import { promoCreditedMessage, type PromoBonusOutcome, type ReferralDetails } from '@casino/contracts/promotions';
import type { ReferralRewardPage } from '@casino/contracts/admin-referrals';
import { and, count, desc, eq, isNull, sql, sum, type AnyColumn, type SQL } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { Database, DbExecutor, Transaction } from '../../db/client.js';
import type { Config } from '../../config.js';
import { promoCodeRedemptions, promoCodes, referrals, referralSettings, users } from '../../db/schema/index.js';
import type { EventBus, Subscriber, UnitOfWork } from '../../events/event-bus.js';
import { AppError } from '../../http/errors.js';
import type { LedgerService } from '../../money/ledger/types.js';
import { createReferralRewards, type ReferralRewards } from './referral-rewards.js';
import { listReferralRewards } from './referral-rewards-queue.js';

/**
 * Promo codes and referrals (decision 020).
 *
 * - A promo code is checked at sign-up (unknown, not yet valid, expired or used up: a field error
 *   on the Join Now form) and its bonus is credited once, in the transaction that verifies the
 *   player's e-mail: the code's use is taken by a conditional update of its row (the row lock
 *   makes the last use go to exactly one of the players verifying at once), the outcome is one row
 *   per player (unique), and the ledger credit's key names the player.
 * - A referral code (the `referralcode` query parameter of the referrer's link) links the new
 *   player to the referrer at sign-up; the referrer's reward is due on the referred player's first
 *   purchase, and paid, or held for review when the friend looks like the referrer
 *   (referral-rewards.ts).
 */
export interface PromoCodeInput {
  code: string;
  description?: string;
  gcAmount: number;
  scAmount: number;
  validFrom?: Date;
  validUntil?: Date | null;
  maxUses?: number | null;
  isActive?: boolean;
}

export interface PromotionsService {
  /** Sign-up: refuses a code that cannot be credited now (3785-3787, as a promoCode field error). */
  checkSignUpCode(code: string, now?: Date): Promise<void>;
  /** Sign-up, in its transaction: links the new player to the owner of a referral code. */
  linkReferral(tx: Transaction, referredUserId: number, referralCode: string): Promise<boolean>;
  /** E-mail verification, in its unit of work: credits the player's sign-up promo code once. */
  creditOnVerification(uow: UnitOfWork, userId: number, now?: Date): Promise<PromoBonusOutcome | null>;
  referralDetails(userId: number): Promise<ReferralDetails>;
  /** Rewards the referrer on the referred player's first purchase; takes it back if that purchase is reversed. */
  readonly referralSubscriber: Subscriber;
  /** The back office's review of held rewards. */
  readonly referralRewards: Pick<ReferralRewards, 'decide'>;
  referralRewardQueue(query: Parameters<typeof listReferralRewards>[1]): Promise<ReferralRewardPage>;
  // For the back office.
  createPromoCode(tx: Transaction, input: PromoCodeInput): Promise<number>;
  updatePromoCode(tx: Transaction, id: number, input: Partial<PromoCodeInput>): Promise<void>;
  setReferralReward(tx: Transaction, input: { gcAmount: number; scAmount: number; isActive: boolean }): Promise<void>;
}

type PromoCodeRow = typeof promoCodes.$inferSelect;

/** Why a code gives nothing now, or null when it can be used. */
function refusalOf(code: PromoCodeRow | undefined, now: Date): 'PromoCodeInvalid' | 'PromoCodeExpired' | 'PromoCodeUsedUp' | null {
  if (!code || !code.isActive || code.validFrom > now) return 'PromoCodeInvalid';
  if (code.validUntil && code.validUntil <= now) return 'PromoCodeExpired';
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'PromoCodeUsedUp';
  return null;
}

const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newReferralCode(): string {
  return Array.from({ length: 8 }, () => REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)]).join('');
}

/** A friend's name as the referrer sees it: enough to recognise, not the whole handle. */
function maskUsername(username: string): string {
  return `${username.slice(0, 2)}${'*'.repeat(Math.max(3, username.length - 2))}`;
}

/** A value of a paid reward's row, null for any other (counted and summed as nothing). */
const paid = (value: SQL | AnyColumn) => sql`case when ${referrals.status} = 'paid' then ${value} end`;

const formatAmount = (hundredths: number) =>
  fromHundredths(hundredths).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function createPromotionsService(deps: {
  db: Database;
  bus: EventBus;
  ledger: LedgerService;
  /** Read when used: the test server learns its public URL after it starts. */
  site: Pick<Config, 'publicUrl' | 'REFERRAL_DAILY_REWARD_CAP'>;
}): PromotionsService {
  const { db, bus, ledger, site } = deps;
  const findCode = (code: string, executor: DbExecutor = db) =>
    executor.query.promoCodes.findFirst({ where: eq(promoCodes.code, code.trim().toUpperCase()) });

  async function referralCodeOf(userId: number): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
      if (!row) throw new AppError('NotFound');
      if (row.code) return row.code;
      try {
        await db
          .update(users)
          .set({ referralCode: newReferralCode() })
          .where(and(eq(users.id, userId), isNull(users.referralCode)));
      } catch {
        // Another player holds this code already (unique index): draw again.
      }
    }
    throw new Error(`Could not make a referral code for player ${userId}`);
  }

  const referralRewards = createReferralRewards({ bus, ledger, settings: site });

  return {
    async checkSignUpCode(code, now = new Date()) {
      const refusal = refusalOf(await findCode(code), now);
      if (!refusal) return;
      const error = new AppError(refusal);
      throw new AppError(refusal, error.message, { issues: [{ field: 'promoCode', message: error.message }] });
    },

    async linkReferral(tx, referredUserId, referralCode) {
      const code = referralCode.trim().toUpperCase();
      if (!code) return false;
      const [referrer] = await tx.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
      // An unknown code (mistyped link) signs up without a referrer: the link is not the player's to fix.
      if (!referrer || referrer.id === referredUserId) return false;
      await tx.insert(referrals).values({ referredUserId, referrerUserId: referrer.id }).onConflictDoNothing();
      return true;
    },

    async creditOnVerification({ tx, record }, userId, now = new Date()) {
      const [user] = await tx.select({ promoCode: users.promoCode }).from(users).where(eq(users.id, userId));
      if (!user?.promoCode) return null;
      const promoCode = user.promoCode;
      await ledger.lockPlayer(tx, userId);
      const done = await tx.query.promoCodeRedemptions.findFirst({ where: eq(promoCodeRedemptions.userId, userId) });
      if (done) return null;
      const found = await findCode(promoCode, tx);
      if (!found) return null;
      // Taking a use locks the code's row: players verifying at once queue here, and the check is
      // made again on the row as the one before left it.
      const [taken] = await tx
        .update(promoCodes)
        .set({ uses: sql`${promoCodes.uses} + 1`, updatedAt: now })
        .where(
          and(
            eq(promoCodes.id, found.id),
            eq(promoCodes.isActive, true),
            sql`${promoCodes.validFrom} <= ${now.toISOString()}`,
            sql`(${promoCodes.validUntil} is null or ${promoCodes.validUntil} > ${now.toISOString()})`,
            sql`(${promoCodes.maxUses} is null or ${promoCodes.uses} < ${promoCodes.maxUses})`,
          ),
        )
        .returning();
      if (!taken) {
        const refusal = refusalOf(await findCode(promoCode, tx), now) ?? 'PromoCodeInvalid';
        const message = `Promo code ${promoCode} could not be applied: ${new AppError(refusal).message}`;
        await tx.insert(promoCodeRedemptions).values({ promoCodeId: found.id, userId, status: 'refused', refusal });
        return { promoCode, credited: false, gcAmount: 0, scAmount: 0, message };
      }
      const result = await ledger.creditBonus(tx, {
        userId,
        gc: taken.gcAmount,
        sc: taken.scAmount,
        reason: 'promo_code',
        idempotencyKey: `promo:${userId}`,
        reference: promoCode,
      });
      await tx.insert(promoCodeRedemptions).values({ promoCodeId: taken.id, userId, status: 'credited', transferId: result.transferId });
      await record({
        type: 'BonusCredited',
        payload: { userId, bonusType: 'promo_code', gc: taken.gcAmount, sc: taken.scAmount, transferId: result.transferId },
      });
      return {
        promoCode,
        credited: true,
        gcAmount: fromHundredths(taken.gcAmount),
        scAmount: fromHundredths(taken.scAmount),
        message: promoCreditedMessage(promoCode, formatAmount(taken.gcAmount), formatAmount(taken.scAmount)),
      };
    },

    async referralDetails(userId) {
      const referralCode = await referralCodeOf(userId);
      const [setting, [totals], friends] = await Promise.all([
        db.query.referralSettings.findFirst(),
        db
          .select({
            referred: count(),
            // Held, rejected and reversed rewards are not the referrer's.
            rewarded: count(paid(sql`1`)),
            gc: sum(paid(referrals.rewardGc)).mapWith(Number),
            sc: sum(paid(referrals.rewardSc)).mapWith(Number),
          })
          .from(referrals)
          .where(eq(referrals.referrerUserId, userId)),
        db
          .select({ username: users.username, joinedAt: referrals.createdAt, status: referrals.status })
          .from(referrals)
          .innerJoin(users, eq(users.id, referrals.referredUserId))
          .where(eq(referrals.referrerUserId, userId))
          .orderBy(desc(referrals.createdAt))
          .limit(50),
      ]);
      const active = Boolean(setting?.isActive);
      return {
        referralCode,
        referralLink: `${site.publicUrl}/register?referralcode=${referralCode}`,
        reward: {
          gcAmount: active ? fromHundredths(setting!.gcAmount) : 0,
          scAmount: active ? fromHundredths(setting!.scAmount) : 0,
          isActive: active,
        },
        referredCount: totals?.referred ?? 0,
        rewardedCount: totals?.rewarded ?? 0,
        earned: { gcAmount: fromHundredths(totals?.gc ?? 0), scAmount: fromHundredths(totals?.sc ?? 0) },
        friends: friends.map((friend) => ({
          username: maskUsername(friend.username),
          joinedAt: friend.joinedAt.toISOString(),
          rewarded: friend.status === 'paid',
        })),
      };
    },

    referralSubscriber: referralRewards.subscriber,
    referralRewards,
    referralRewardQueue: (query) => listReferralRewards(db, query),

    async createPromoCode(tx, input) {
      const [row] = await tx
        .insert(promoCodes)
        .values({
          code: input.code.trim().toUpperCase(),
          description: input.description ?? '',
          gcAmount: input.gcAmount,
          scAmount: input.scAmount,
          validFrom: input.validFrom ?? new Date(),
          validUntil: input.validUntil ?? null,
          maxUses: input.maxUses ?? null,
          isActive: input.isActive ?? true,
        })
        .returning({ id: promoCodes.id });
      return row!.id;
    },

    async updatePromoCode(tx, id, input) {
      const { code, ...rest } = input;
      await tx
        .update(promoCodes)
        .set({ ...rest, ...(code === undefined ? {} : { code: code.trim().toUpperCase() }), updatedAt: new Date() })
        .where(eq(promoCodes.id, id));
    },

    async setReferralReward(tx, input) {
      await tx
        .insert(referralSettings)
        .values({ id: 1, ...input })
        .onConflictDoUpdate({ target: referralSettings.id, set: { ...input, updatedAt: new Date() } });
    },
  };
}
