import type { ReferralHoldReason } from '@casino/contracts/admin-referrals';
import type { DomainEvent } from '@casino/contracts/events';
import { fromHundredths } from '@casino/contracts/money';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { referrals } from '../../db/schema/index.js';
import { writeEvent, type EventBus, type Subscriber } from '../../events/event-bus.js';
import { AppError } from '../../http/errors.js';
import type { LedgerService } from '../../money/ledger/types.js';
import { appendAudit } from '../admin/audit.js';
import { reachedDailyCap } from './referral-daily-cap.js';
import { samePersonSignals } from './referral-same-person.js';

/**
 * The referrer's reward (decision 020; held for review since
 * docs/decisions/056-referral-rewards-held-for-review.md).
 *
 * - The referred friend's first purchase makes it due (PurchaseCredited, delivered at least once:
 *   the referral row is locked and moved from 'linked' in the delivery's transaction). Under the
 *   referrer's ledger lock it is paid (key `referral:<friend>`), unless the friend looks like the
 *   referrer (referral-same-person.ts) or the referrer reached the day's cap
 *   (referral-daily-cap.ts): then it is held, with the reasons, and the hold is written to the
 *   audit trail.
 * - An operator approves a held reward (paid then, once: the same key) or rejects it.
 * - A refund or chargeback of the purchase that made it due (PurchaseReversed) takes a paid reward
 *   back (ledger.reverseCredit, once, never below zero; what the referrer had played is recorded as
 *   not taken back, as a chargeback of a purchase is) and makes a held one unpayable.
 */
export type ReferralRow = typeof referrals.$inferSelect;

export interface ReferralDecision {
  referredUserId: number;
  status: 'paid' | 'rejected';
  replayed: boolean;
}

export interface ReferralRewards {
  readonly subscriber: Subscriber;
  /**
   * Approves (pays) or rejects a held reward; `audit` writes the operator's record in the same
   * transaction. The same decision again is answered as done (replayed); any other state is 3860.
   */
  decide(
    referredUserId: number,
    decision: 'approve' | 'reject',
    operator: { operatorId: number; reason: string },
    audit: (tx: Transaction, before: ReferralRow, after: ReferralRow) => Promise<void>,
  ): Promise<ReferralDecision>;
}

type RecordEvent = (event: DomainEvent) => Promise<void>;

const coins = (gc: number, sc: number) => ({ gc: fromHundredths(gc), sc: fromHundredths(sc) });

export function createReferralRewards(deps: {
  bus: EventBus;
  ledger: LedgerService;
  settings: { REFERRAL_DAILY_REWARD_CAP: number };
}): ReferralRewards {
  const { bus, ledger } = deps;

  async function update(tx: Transaction, referredUserId: number, values: Partial<typeof referrals.$inferInsert>): Promise<ReferralRow> {
    const [row] = await tx
      .update(referrals)
      .set({ ...values, statusAt: new Date() })
      .where(eq(referrals.referredUserId, referredUserId))
      .returning();
    return row!;
  }

  /** Credits the referrer (whose lock the caller holds) and marks the reward paid. */
  async function pay(
    tx: Transaction,
    row: ReferralRow,
    reward: { gc: number; sc: number; intentId: number | null },
    record: RecordEvent,
    decidedBy?: { operatorId: number; reason: string },
  ): Promise<ReferralRow> {
    const result = await ledger.creditBonus(tx, {
      userId: row.referrerUserId,
      gc: reward.gc,
      sc: reward.sc,
      reason: 'referral_reward',
      idempotencyKey: `referral:${row.referredUserId}`,
      reference: `referral:${row.referredUserId}`,
      details: { referredUserId: row.referredUserId, purchaseIntentId: reward.intentId },
    });
    const paid = await update(tx, row.referredUserId, {
      status: 'paid',
      rewardedAt: new Date(),
      rewardTransferId: result.transferId,
      rewardGc: reward.gc,
      rewardSc: reward.sc,
      rewardIntentId: reward.intentId,
      ...(decidedBy ? { decidedBy: decidedBy.operatorId, decisionReason: decidedBy.reason } : {}),
    });
    // The referrer's wallet socket hears of it from this event.
    await record({
      type: 'BonusCredited',
      payload: { userId: row.referrerUserId, bonusType: 'referral_reward', gc: reward.gc, sc: reward.sc, transferId: result.transferId },
    });
    return paid;
  }

  /** A subscriber has no unit of work: its events go to the outbox in the delivery's transaction. */
  const outbox =
    (tx: Transaction): RecordEvent =>
    async (event) => {
      await writeEvent(tx, event);
    };

  async function firstPurchase(tx: Transaction, referredUserId: number, intentId: number): Promise<void> {
    const [referral] = await tx
      .select()
      .from(referrals)
      .where(and(eq(referrals.referredUserId, referredUserId), eq(referrals.status, 'linked')))
      .for('update');
    // Not referred, or judged already (this is a later purchase, or a repeated delivery).
    if (!referral) return;
    const setting = await tx.query.referralSettings.findFirst();
    const gc = setting?.isActive ? setting.gcAmount : 0;
    const sc = setting?.isActive ? setting.scAmount : 0;
    if (gc + sc === 0) {
      // The first purchase happened while rewards were off: it stays the first purchase.
      await update(tx, referredUserId, { status: 'off', rewardedAt: new Date(), rewardGc: 0, rewardSc: 0, rewardIntentId: intentId });
      return;
    }
    // The referrer's lock first: the day's count and the payment are decided under it.
    await ledger.lockPlayer(tx, referral.referrerUserId);
    const reasons: ReferralHoldReason[] = await samePersonSignals(tx, referral.referrerUserId, referredUserId);
    if (await reachedDailyCap(tx, referral.referrerUserId, deps.settings.REFERRAL_DAILY_REWARD_CAP)) reasons.push('daily_cap');
    if (reasons.length === 0) {
      await pay(tx, referral, { gc, sc, intentId }, outbox(tx));
      return;
    }
    const held = await update(tx, referredUserId, {
      status: 'held',
      holdReasons: reasons,
      rewardGc: gc,
      rewardSc: sc,
      rewardIntentId: intentId,
    });
    await appendAudit(tx, {
      operatorId: null,
      operatorEmail: null,
      action: 'referral_reward.hold',
      targetType: 'referral',
      targetId: String(referredUserId),
      after: { referrerUserId: held.referrerUserId, holdReasons: reasons, ...coins(gc, sc), purchaseId: intentId },
    });
  }

  async function purchaseReversed(
    tx: Transaction,
    event: Extract<DomainEvent, { type: 'PurchaseReversed' }>['payload'],
    record: RecordEvent,
  ): Promise<void> {
    const [referral] = await tx
      .select()
      .from(referrals)
      .where(and(eq(referrals.referredUserId, event.userId), eq(referrals.rewardIntentId, event.intentId)))
      .for('update');
    // Not the purchase that made a reward due; or taken back already (a repeated delivery).
    if (!referral || (referral.status !== 'paid' && referral.status !== 'held')) return;
    const gc = referral.rewardGc ?? 0;
    const sc = referral.rewardSc ?? 0;
    let taken = { gc: 0, sc: 0 };
    let reversed: ReferralRow;
    if (referral.status === 'held') {
      reversed = await update(tx, referral.referredUserId, { status: 'reversed', reversalKind: event.kind, reversalGc: 0, reversalSc: 0 });
    } else {
      await ledger.lockPlayer(tx, referral.referrerUserId);
      const moved = await ledger.reverseCredit(tx, {
        userId: referral.referrerUserId,
        creditIdempotencyKey: `referral:${referral.referredUserId}`,
        reason: 'referral_reward_reversal',
        idempotencyKey: `referral-reversal:${referral.referredUserId}`,
        reference: `referral:${referral.referredUserId}`,
        details: { referredUserId: referral.referredUserId, purchaseIntentId: event.intentId, kind: event.kind },
      });
      const { balancesBefore: before, balancesAfter: after } = moved;
      taken = { gc: before.gc - after.gc, sc: before.bsc + before.psc + before.wsc - (after.bsc + after.psc + after.wsc) };
      reversed = await update(tx, referral.referredUserId, {
        status: 'reversed',
        reversalKind: event.kind,
        reversalTransferId: moved.transferId,
        reversalGc: taken.gc,
        reversalSc: taken.sc,
      });
      await record({
        type: 'BonusReversed',
        payload: { userId: referral.referrerUserId, bonusType: 'referral_reward', ...taken, transferId: moved.transferId },
      });
    }
    const wasPaid = referral.status === 'paid';
    await appendAudit(tx, {
      operatorId: null,
      operatorEmail: null,
      action: 'referral_reward.reverse',
      targetType: 'referral',
      targetId: String(referral.referredUserId),
      before: { status: referral.status, ...coins(gc, sc) },
      after: {
        status: reversed.status,
        reversalKind: event.kind,
        purchaseId: event.intentId,
        takenBack: coins(taken.gc, taken.sc),
        notTakenBack: wasPaid ? coins(gc - taken.gc, sc - taken.sc) : coins(0, 0),
      },
    });
  }

  const subscriber: Subscriber = {
    name: 'referral-reward',
    handles: ['PurchaseCredited', 'PurchaseReversed'],
    async handle(event, { tx }) {
      if (event.type === 'PurchaseCredited') await firstPurchase(tx, event.payload.userId, event.payload.intentId);
      else if (event.type === 'PurchaseReversed') await purchaseReversed(tx, event.payload, outbox(tx));
    },
  };

  return {
    subscriber,

    decide: (referredUserId, decision, operator, audit) =>
      bus.run(async ({ tx, record }) => {
        const [before] = await tx.select().from(referrals).where(eq(referrals.referredUserId, referredUserId)).for('update');
        if (!before) throw new AppError('NotFound', 'This referral was not found.');
        const done = decision === 'approve' ? 'paid' : 'rejected';
        // A double click, or two operators at once: the row lock queues them, the second is told it is done.
        if (before.status === done) return { referredUserId, status: done, replayed: true };
        if (before.status !== 'held') throw new AppError('ReferralRewardAlreadyDecided');
        let after: ReferralRow;
        if (decision === 'approve') {
          await ledger.lockPlayer(tx, before.referrerUserId);
          const reward = { gc: before.rewardGc ?? 0, sc: before.rewardSc ?? 0, intentId: before.rewardIntentId };
          after = await pay(tx, before, reward, record, operator);
        } else {
          after = await update(tx, referredUserId, { status: 'rejected', decidedBy: operator.operatorId, decisionReason: operator.reason });
        }
        await audit(tx, before, after);
        return { referredUserId, status: done, replayed: false };
      }),
  };
}
