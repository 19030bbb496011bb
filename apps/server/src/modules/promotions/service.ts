import { fromHundredths } from '@casino/contracts/money';
import { promoCreditedMessage, type PromoBonusOutcome, type ReferralDetails } from '@casino/contracts/promotions';
import { and, count, desc, eq, isNull, sql, sum } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { Database, DbExecutor, Transaction } from '../../db/client.js';
import { outboxEvents, promoCodeRedemptions, promoCodes, referrals, referralSettings, users } from '../../db/schema/index.js';
import type { Subscriber, UnitOfWork } from '../../events/event-bus.js';
import { AppError } from '../../http/errors.js';
import type { LedgerService } from '../../ledger/types.js';

/**
 * Promo codes and referrals (issue 16 point 5, decision 020).
 *
 * - A promo code is checked at sign-up (unknown, not yet valid, expired or used up: a field error
 *   on the Join Now form) and its bonus is credited once, in the transaction that verifies the
 *   player's e-mail: the code's use is taken by a conditional update of its row (the row lock
 *   makes the last use go to exactly one of the players verifying at once), the outcome is one row
 *   per player (unique), and the ledger credit's key names the player.
 * - A referral code (the `referralcode` query parameter of the referrer's link) links the new
 *   player to the referrer at sign-up; the referrer is rewarded once, when the referred player's
 *   first purchase is credited (the PurchaseCredited event, delivered at least once: the referral
 *   row is locked and marked in the delivery's transaction, and the credit's key names the
 *   referred player).
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
  /** Rewards the referrer on the referred player's first purchase. */
  readonly referralSubscriber: Subscriber;
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

const formatAmount = (hundredths: number) =>
  fromHundredths(hundredths).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function createPromotionsService(db: Database, ledger: LedgerService, site: { publicUrl: string }): PromotionsService {
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

  const referralSubscriber: Subscriber = {
    name: 'referral-reward',
    handles: ['PurchaseCredited'],
    async handle(event, { tx }) {
      if (event.type !== 'PurchaseCredited') return;
      const referredUserId = event.payload.userId;
      const [referral] = await tx
        .select()
        .from(referrals)
        .where(and(eq(referrals.referredUserId, referredUserId), isNull(referrals.rewardedAt)))
        .for('update');
      // Not referred, or rewarded already (this is a later purchase, or a repeated delivery).
      if (!referral) return;
      const setting = await tx.query.referralSettings.findFirst();
      const gc = setting?.isActive ? setting.gcAmount : 0;
      const sc = setting?.isActive ? setting.scAmount : 0;
      if (gc + sc === 0) {
        // The first purchase happened while rewards were off: it stays the first purchase.
        await tx
          .update(referrals)
          .set({ rewardedAt: new Date(), rewardGc: 0, rewardSc: 0 })
          .where(eq(referrals.referredUserId, referredUserId));
        return;
      }
      await ledger.lockPlayer(tx, referral.referrerUserId);
      const result = await ledger.creditBonus(tx, {
        userId: referral.referrerUserId,
        gc,
        sc,
        reason: 'referral_reward',
        idempotencyKey: `referral:${referredUserId}`,
        reference: `referral:${referredUserId}`,
        details: { referredUserId, purchaseIntentId: event.payload.intentId },
      });
      await tx
        .update(referrals)
        .set({ rewardedAt: new Date(), rewardTransferId: result.transferId, rewardGc: gc, rewardSc: sc })
        .where(eq(referrals.referredUserId, referredUserId));
      // The referrer's wallet socket hears of it from this event (delivered by the outbox sweep).
      const payload = { userId: referral.referrerUserId, bonusType: 'referral_reward' as const, gc, sc, transferId: result.transferId };
      await tx.insert(outboxEvents).values({ type: 'BonusCredited', userId: payload.userId, payload });
    },
  };

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
            rewarded: count(referrals.rewardTransferId),
            gc: sum(referrals.rewardGc).mapWith(Number),
            sc: sum(referrals.rewardSc).mapWith(Number),
          })
          .from(referrals)
          .where(eq(referrals.referrerUserId, userId)),
        db
          .select({ username: users.username, joinedAt: referrals.createdAt, rewardTransferId: referrals.rewardTransferId })
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
          rewarded: friend.rewardTransferId !== null,
        })),
      };
    },

    referralSubscriber,

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
