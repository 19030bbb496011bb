import { createHmac, randomUUID } from 'node:crypto';
import { fromHundredths, toHundredths } from '@casino/contracts/money';
import {
  aboveMaximumMessage,
  belowMinimumMessage,
  dailyCapMessage,
  isKycVerified,
  PAYOUT_MAXIMUM,
  REDEEM_CURRENCY,
  redeemStatus,
  type FundingSource,
  type FundingSourcesResponse,
  type ProfileRedeem,
  type RedeemResponse,
} from '@casino/contracts/redeem';
import { REJECTED_BY_OPERATOR } from '@casino/contracts/admin-money';
import type { PaymentAssets } from '@casino/contracts/store';
import { and, asc, desc, eq, gte, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { bankFundingSources, paymentSavedCards, payoutWebhookEvents, redemptionFlags, redemptions, users } from '../../db/schema/index.js';
import type { EventBus, UnitOfWork } from '../../events/event-bus.js';
import { AppError } from '../../http/errors.js';
import type { LedgerService } from '../../money/ledger/types.js';
import {
  PayoutError,
  type Payout,
  type PayoutDestination,
  type PayoutProvider,
  type PayoutWebhookEvent,
} from '../../providers/payouts/payout-provider.js';
import { redeemRestrictionOf } from './restrictions.js';

/**
 * Redemption (docs/decisions/016-redemption.md).
 *
 * A request moves redeemable SC (wsc, and nothing else) into the player's pending-redemption
 * account in the same transaction as the redemption row (status 0). While 0 the player can
 * cancel it (coins back to wsc, status 2). After the review window the payout job moves it to 7
 * and hands it to the payout provider; the provider's signed webhook settles it: 1 (the pending
 * coins leave to the house's payouts account) or 3 (coins back to wsc).
 *
 * Every status change takes the player's ledger lock first and is a conditional update on the
 * status it leaves, so a cancel racing the payout job (or a replayed webhook) changes a
 * redemption at most once; the ledger keys (`redemption:<id>:<outcome>`) make a second release
 * impossible even without the lock. The daily cap is summed under the same lock.
 */
export type RedemptionRow = typeof redemptions.$inferSelect;

/** Redemptions flagged for review: a UTC day's total at or above $10,000 ... */
export const FLAG_DAILY_TOTAL = 10_000 * 100;
/** ... or this many requests in a day that bring the total within 10% of the daily cap. */
export const FLAG_REPEATED_COUNT = 3;
export const FLAG_NEAR_CAP_RATIO = 0.9;
/** An in-process redemption whose payout call failed is sent again after this long. */
export const RESUBMIT_AFTER_SECONDS = 60;

export interface RedeemSettings {
  reviewWindowSeconds: number;
  minCoins: number;
  maxCoins: number;
  dailyCapCoins: number;
  /** Keys the player's customer id at the payout provider. */
  customerSecret: string;
}

/** CARD: a card the player saved when buying (the given one, or the latest), paid by push-to-card. */
export type RedeemDestination = { type: 'BANK' } | { type: 'EWALLET'; email: string } | { type: 'CARD'; paymentInformationId?: number };

/**
 * The yearly prize reporting rule's inputs (docs/decisions/059): the threshold in hundredths (site
 * configuration) and whether the player's social security number is on file.
 */
export interface PrizeReporting {
  threshold(): Promise<number>;
  hasSsnOnFile(tx: Transaction, userId: number): Promise<boolean>;
}

export interface RedeemService {
  /** The profile's redeem part: minRedeemableCoins, maxRedeemableCoins. */
  limits(): ProfileRedeem;
  /** GET /payment/assets: the payout methods this site can pay now (none without a payout provider). */
  payoutMethods(): PaymentAssets['redeem'];
  fundingSources(userId: number): Promise<FundingSourcesResponse>;
  /** PUT /payment/bank-details: links the account behind the widget's reference (reference and last digits kept). */
  linkBank(userId: number, accountReference: string): Promise<FundingSource>;
  /** POST /payment/update-funding-source: makes one of the player's accounts the Active one. */
  setActiveFundingSource(userId: number, sourceId: number): Promise<void>;
  /**
   * `requestKey`: the client's Idempotency-Key. A request repeated with it (a retry after a lost
   * answer) answers the redemption it made first instead of making a second; the same key with
   * another amount or destination is refused (3011).
   */
  request(
    userId: number,
    input: { amount: number; destination: RedeemDestination; requestKey?: string | undefined },
  ): Promise<RedeemResponse>;
  cancel(userId: number, redemptionId: number): Promise<void>;
  /** The payout job: hands due redemptions to the provider; answers how many it moved to in-process. */
  submitDue(now?: Date): Promise<number>;
  /**
   * An operator's decision on a redemption waiting for review (status 0), under the player's lock:
   * 'approve' hands it to the payout provider now (as the payout job would after the review
   * window); 'reject' refunds it to redeemable SC and fails it (status 3, REJECTED_BY_OPERATOR).
   * `inTransaction` runs in the decision's transaction (the audit record), given the row before
   * and after. A redemption no longer at 0 (cancelled, approved, rejected, or submitted by the
   * job meanwhile) is refused with RedemptionAlreadyDecided, so exactly one decision wins.
   */
  decide(
    redemptionId: number,
    decision: 'approve' | 'reject',
    inTransaction: (tx: Transaction, before: RedemptionRow, after: RedemptionRow) => Promise<void>,
  ): Promise<RedemptionRow>;
  /** A verified payout webhook; a replayed event id is answered, not applied. */
  handleWebhook(event: PayoutWebhookEvent): Promise<{ duplicate: boolean; applied: boolean }>;
}

function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function utcYearStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
}

export function createRedeemService(deps: {
  db: Database;
  bus: EventBus;
  ledger: LedgerService;
  provider: PayoutProvider | null;
  settings: RedeemSettings;
  prizeReporting: PrizeReporting;
  /** The payout methods the provider can pay (GET /payment/assets). */
  payoutMethods?: PaymentAssets['redeem'];
  log: { warn: (object: unknown, message: string) => void; error: (object: unknown, message: string) => void };
}): RedeemService {
  const { db, bus, ledger, settings, log } = deps;
  const maxCoins = Math.min(settings.maxCoins, PAYOUT_MAXIMUM);

  function provider(): PayoutProvider {
    if (!deps.provider) throw new AppError('PayoutProviderUnavailable');
    return deps.provider;
  }

  function customerIdOf(userId: number): string {
    return createHmac('sha256', settings.customerSecret).update(`paynote-customer:${userId}`).digest('base64url').slice(0, 24);
  }

  function toFundingSource(row: typeof bankFundingSources.$inferSelect): FundingSource {
    return { source_id: row.id, user_id: row.userId, bank: row.bank, lbacc: row.lastDigits, is_primary: row.isPrimary };
  }

  function responseOf(amount: number, dayTotal: number, row: RedemptionRow | null, message: string | null): RedeemResponse {
    const cap = settings.dailyCapCoins * 100;
    return {
      success: row !== null,
      withdrawRequestId: row?.id ?? null,
      status: row?.status ?? null,
      paymentData: { maximumAmount: maxCoins, amount: fromHundredths(amount), currency: REDEEM_CURRENCY },
      limitCheck: {
        limitReached: row === null,
        limitAmount: settings.dailyCapCoins,
        remaining: fromHundredths(Math.max(0, cap - dayTotal)),
        message,
      },
    };
  }

  /** This UTC day's redemptions of the player that were not cancelled and did not fail, in hundredths. */
  async function dayTotalOf(tx: Transaction, userId: number): Promise<number> {
    const [day] = await tx
      .select({ total: sql<string>`coalesce(sum(${redemptions.amount}), 0)::text` })
      .from(redemptions)
      .where(
        and(
          eq(redemptions.userId, userId),
          gte(redemptions.createdAt, utcDayStart(new Date())),
          notInArray(redemptions.status, [redeemStatus.cancelled, redeemStatus.failed]),
        ),
      );
    return Number(day?.total ?? 0);
  }

  /** Moves a redemption from `from` to a final status under the player's lock, with its ledger release. */
  async function settle(
    tx: Transaction,
    row: RedemptionRow,
    from: number,
    outcome: 'cancelled' | 'failed' | 'paid',
    failureReason: string | null = null,
  ): Promise<number | null> {
    const status = outcome === 'paid' ? redeemStatus.success : outcome === 'cancelled' ? redeemStatus.cancelled : redeemStatus.failed;
    const release = await ledger.releasePendingRedemption(tx, {
      userId: row.userId,
      amount: row.amount,
      outcome,
      idempotencyKey: `redemption:${row.id}:${outcome}`,
      reference: `redemption:${row.id}`,
    });
    const [updated] = await tx
      .update(redemptions)
      .set({ status, settledTransferId: release.transferId, settledAt: sql`now()`, updatedAt: sql`now()`, failureReason })
      .where(and(eq(redemptions.id, row.id), eq(redemptions.status, from)))
      .returning({ id: redemptions.id });
    // Under the player's lock the status was just read as `from`; anything else is a bug, and the
    // rollback undoes the release.
    if (!updated) throw new Error(`Redemption ${row.id} left status ${from} under the player's lock`);
    return release.transferId;
  }

  async function lockedRedemption(tx: Transaction, redemptionId: number, userId?: number): Promise<RedemptionRow | undefined> {
    const [found] = await tx
      .select({ userId: redemptions.userId })
      .from(redemptions)
      .where(and(eq(redemptions.id, redemptionId), userId === undefined ? undefined : eq(redemptions.userId, userId)));
    if (!found) return undefined;
    await ledger.lockPlayer(tx, found.userId);
    const [row] = await tx.select().from(redemptions).where(eq(redemptions.id, redemptionId)).for('update');
    return row;
  }

  async function sendPayout(row: RedemptionRow): Promise<void> {
    let destination: PayoutDestination;
    if (row.method === 'BANK') {
      const [source] = await db.select().from(bankFundingSources).where(eq(bankFundingSources.id, row.fundingSourceId!));
      if (!source) throw new Error(`Redemption ${row.id} names a missing funding source`);
      destination = { type: 'BANK', accountReference: source.providerReference };
    } else if (row.method === 'CARD') {
      const [card] = await db.select().from(paymentSavedCards).where(eq(paymentSavedCards.id, row.savedCardId!));
      if (!card) throw new Error(`Redemption ${row.id} names a missing saved card`);
      destination = { type: 'CARD', instrumentId: card.instrumentId };
    } else {
      destination = { type: 'EWALLET', email: row.actionableEmail! };
    }
    let payout;
    try {
      payout = await provider().createPayout({
        idempotencyId: `redemption:${row.id}`,
        amount: row.amount,
        currency: REDEEM_CURRENCY,
        reference: String(row.id),
        destination,
      });
    } catch (error) {
      if (error instanceof PayoutError && error.code === 'NOT_FOUND') {
        // The provider no longer knows the account: the payout cannot happen, the coins go back.
        await bus.run(async ({ tx, record }) => {
          const locked = await lockedRedemption(tx, row.id);
          if (!locked || locked.status !== redeemStatus.inProcess) return;
          const transferId = await settle(tx, locked, redeemStatus.inProcess, 'failed', 'ACCOUNT_NOT_FOUND');
          await record({
            type: 'RedemptionFailed',
            payload: { userId: locked.userId, redemptionId: locked.id, amount: locked.amount, transferId: transferId! },
          });
        });
        return;
      }
      // Unavailable: the redemption stays in process and is sent again (same idempotency id).
      log.warn({ err: error, redemptionId: row.id }, 'payout provider call failed; will retry');
      return;
    }
    await db
      .update(redemptions)
      .set({ payoutId: payout.id, updatedAt: sql`now()` })
      .where(and(eq(redemptions.id, row.id), isNull(redemptions.payoutId)));
    // A card payout is settled in the answer (real-time payouts): applied now, as a webhook would be.
    if (payout.state !== 'PENDING') await bus.run((uow) => applyPayout(uow, payout));
  }

  /**
   * A payout's final state applied to its in-process redemption, once, under the player's lock:
   * paid (status 1) or failed (status 3, the coins back to redeemable).
   */
  async function applyPayout({ tx, record }: UnitOfWork, payout: Payout): Promise<boolean> {
    const redemptionId = Number(payout.reference);
    if (!Number.isSafeInteger(redemptionId) || redemptionId <= 0 || payout.state === 'PENDING') return false;
    const row = await lockedRedemption(tx, redemptionId);
    if (!row || row.status !== redeemStatus.inProcess) return false;
    if ((row.payoutId !== null && row.payoutId !== payout.id) || payout.amount !== row.amount || payout.currency !== REDEEM_CURRENCY) {
      log.error({ redemptionId, payoutId: payout.id }, 'payout does not match its redemption; not applied');
      return false;
    }
    if (row.payoutId === null) await tx.update(redemptions).set({ payoutId: payout.id }).where(eq(redemptions.id, row.id));
    const paid = payout.state === 'SUCCEEDED';
    const transferId = await settle(
      tx,
      row,
      redeemStatus.inProcess,
      paid ? 'paid' : 'failed',
      paid ? null : (payout.failureReason ?? 'FAILED'),
    );
    const payload = { userId: row.userId, redemptionId: row.id, amount: row.amount, transferId: transferId! };
    await record(paid ? { type: 'RedemptionPaid', payload } : { type: 'RedemptionFailed', payload });
    return true;
  }

  /** Moves one pending redemption to in-process (handed to the provider after commit); null if it is no longer pending. */
  async function markSubmitted(tx: Transaction, record: UnitOfWork['record'], locked: RedemptionRow): Promise<RedemptionRow | null> {
    if (locked.status !== redeemStatus.pending) return null;
    const [updated] = await tx
      .update(redemptions)
      .set({ status: redeemStatus.inProcess, submittedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(redemptions.id, locked.id), eq(redemptions.status, redeemStatus.pending)))
      .returning();
    if (!updated) return null;
    await record({ type: 'RedemptionSubmitted', payload: { userId: updated.userId, redemptionId: updated.id, amount: updated.amount } });
    return updated;
  }

  return {
    limits: () => ({ minRedeemableCoins: settings.minCoins, maxRedeemableCoins: maxCoins }),
    payoutMethods: () => (deps.provider ? (deps.payoutMethods ?? [{ providerType: 'PAYNOTE', methods: ['BANK', 'EWALLET'] }]) : []),

    async fundingSources(userId) {
      const rows = await db
        .select()
        .from(bankFundingSources)
        .where(eq(bankFundingSources.userId, userId))
        .orderBy(asc(bankFundingSources.id));
      return {
        list: rows.map(toFundingSource),
        finixData: { linkUrl: provider().linkUrl(customerIdOf(userId)), provider: 'PAYNOTE' },
      };
    },

    async linkBank(userId, accountReference) {
      let account;
      try {
        account = await provider().fetchAccount(accountReference);
      } catch (error) {
        if (error instanceof PayoutError) throw new AppError('BankLinkFailed');
        throw error;
      }
      // A reference linked for another customer is not this player's account.
      if (account.customerId !== customerIdOf(userId)) throw new AppError('BankLinkFailed');
      return bus.run(async ({ tx }) => {
        await ledger.lockPlayer(tx, userId);
        const [existing] = await tx
          .select()
          .from(bankFundingSources)
          .where(and(eq(bankFundingSources.provider, 'PAYNOTE'), eq(bankFundingSources.providerReference, account.reference)));
        if (existing) {
          if (existing.userId !== userId) throw new AppError('BankLinkFailed');
          return toFundingSource(existing);
        }
        const [primary] = await tx
          .select({ id: bankFundingSources.id })
          .from(bankFundingSources)
          .where(and(eq(bankFundingSources.userId, userId), eq(bankFundingSources.isPrimary, true)));
        const [row] = await tx
          .insert(bankFundingSources)
          .values({
            userId,
            provider: 'PAYNOTE',
            providerReference: account.reference,
            bank: account.bank,
            lastDigits: account.lastDigits,
            // The first account linked is the Active one.
            isPrimary: !primary,
          })
          .returning();
        return toFundingSource(row!);
      });
    },

    async setActiveFundingSource(userId, sourceId) {
      await bus.run(async ({ tx }) => {
        await ledger.lockPlayer(tx, userId);
        const [source] = await tx
          .select({ id: bankFundingSources.id })
          .from(bankFundingSources)
          .where(and(eq(bankFundingSources.id, sourceId), eq(bankFundingSources.userId, userId)));
        if (!source) throw new AppError('FundingSourceNotFound');
        await tx
          .update(bankFundingSources)
          .set({ isPrimary: false })
          .where(and(eq(bankFundingSources.userId, userId), eq(bankFundingSources.isPrimary, true)));
        await tx.update(bankFundingSources).set({ isPrimary: true }).where(eq(bankFundingSources.id, sourceId));
      });
    },

    async request(userId, { amount: coins, destination, requestKey: clientKey }) {
      let amount: number;
      try {
        amount = toHundredths(coins);
      } catch {
        throw new AppError('RequestInputValidation', 'Must be a number');
      }
      // No payout provider (production without one): nothing can be paid, so nothing is taken.
      provider();
      const reportingThreshold = await deps.prizeReporting.threshold();
      return bus.run(async ({ tx, record }) => {
        await ledger.lockPlayer(tx, userId);
        const requestKey = clientKey ? `redemption-request:${userId}:${clientKey}` : `redemption-request:${randomUUID()}`;
        if (clientKey) {
          // Under the player's lock: a redemption made with this key has committed or never will.
          const earlier = await ledger.findTransfer(requestKey, tx);
          if (earlier) {
            const [first] = await tx.select().from(redemptions).where(eq(redemptions.requestedTransferId, earlier.transferId));
            const sameRequest =
              first !== undefined &&
              first.amount === amount &&
              first.method === destination.type &&
              first.actionableEmail === (destination.type === 'EWALLET' ? destination.email : null);
            if (!sameRequest) throw new AppError('IdempotencyKeyReused');
            return responseOf(first.amount, await dayTotalOf(tx, userId), first, null);
          }
        }
        const [player] = await tx.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId));
        if (!player) throw new AppError('SessionInvalid');
        // The checks the redeem page makes, made again here (seed 001 sections 4 and 5).
        if (!isKycVerified(player.kycStatus)) throw new AppError('RedeemKycPending');
        if (await redeemRestrictionOf(tx, userId)) throw new AppError('PlayerRestricted');
        if (amount < settings.minCoins * 100) throw new AppError('RedeemAmountBelowMinimum', belowMinimumMessage(settings.minCoins));
        if (amount > maxCoins * 100) throw new AppError('RedeemAmountAboveMaximum', aboveMaximumMessage(maxCoins));
        let fundingSourceId: number | null = null;
        let savedCardId: number | null = null;
        if (destination.type === 'CARD') {
          const [card] = await tx
            .select({ id: paymentSavedCards.id })
            .from(paymentSavedCards)
            .where(
              and(
                eq(paymentSavedCards.userId, userId),
                isNull(paymentSavedCards.removedAt),
                destination.paymentInformationId === undefined ? undefined : eq(paymentSavedCards.id, destination.paymentInformationId),
              ),
            )
            .orderBy(desc(paymentSavedCards.createdAt), desc(paymentSavedCards.id))
            .limit(1);
          if (!card) throw new AppError('SavedCardNotFound');
          savedCardId = card.id;
        }
        if (destination.type === 'BANK') {
          const [active] = await tx
            .select({ id: bankFundingSources.id })
            .from(bankFundingSources)
            .where(and(eq(bankFundingSources.userId, userId), eq(bankFundingSources.isPrimary, true)));
          if (!active) throw new AppError('RedeemNoActiveBank');
          fundingSourceId = active.id;
        }
        const balances = await ledger.balances(userId, tx);
        if (balances.wsc < amount) throw new AppError('RedeemInsufficientCoins');

        // A redemption that brings the calendar year's prizes (redemptions not cancelled and not
        // failed, this one included) to the reporting threshold needs the player's social security
        // number on file first (docs/decisions/059). Summed under the player's lock, like the cap.
        const [year] = await tx
          .select({ total: sql<string>`coalesce(sum(${redemptions.amount}), 0)::text` })
          .from(redemptions)
          .where(
            and(
              eq(redemptions.userId, userId),
              gte(redemptions.createdAt, utcYearStart(new Date())),
              notInArray(redemptions.status, [redeemStatus.cancelled, redeemStatus.failed]),
            ),
          );
        const yearTotal = Number(year?.total ?? 0);
        if (yearTotal + amount >= reportingThreshold && !(await deps.prizeReporting.hasSsnOnFile(tx, userId))) {
          throw new AppError('RedeemSsnRequired', undefined, {
            threshold: fromHundredths(reportingThreshold),
            yearTotal: fromHundredths(yearTotal),
          });
        }

        // The daily cap: this UTC day's redemptions that were not cancelled and did not fail.
        const [day] = await tx
          .select({ total: sql<string>`coalesce(sum(${redemptions.amount}), 0)::text`, count: sql<number>`count(*)::int` })
          .from(redemptions)
          .where(
            and(
              eq(redemptions.userId, userId),
              gte(redemptions.createdAt, utcDayStart(new Date())),
              notInArray(redemptions.status, [redeemStatus.cancelled, redeemStatus.failed]),
            ),
          );
        const dayTotal = Number(day?.total ?? 0);
        const dayCount = day?.count ?? 0;
        const cap = settings.dailyCapCoins * 100;
        if (dayTotal + amount > cap) {
          return responseOf(amount, dayTotal, null, dailyCapMessage(settings.dailyCapCoins, fromHundredths(Math.max(0, cap - dayTotal))));
        }

        const moved = await ledger.moveToPendingRedemption(tx, { userId, amount, idempotencyKey: requestKey, reference: requestKey });
        const [row] = await tx
          .insert(redemptions)
          .values({
            userId,
            amount,
            method: destination.type,
            fundingSourceId,
            savedCardId,
            actionableEmail: destination.type === 'EWALLET' ? destination.email : null,
            requestedTransferId: moved.transferId,
          })
          .returning();
        const newTotal = dayTotal + amount;
        const flags: (typeof redemptionFlags.$inferInsert)[] = [];
        if (newTotal >= FLAG_DAILY_TOTAL)
          flags.push({
            redemptionId: row!.id,
            userId,
            reason: 'daily_total_at_or_above_10000',
            dayTotal: newTotal,
            dayCount: dayCount + 1,
          });
        if (dayCount + 1 >= FLAG_REPEATED_COUNT && newTotal >= cap * FLAG_NEAR_CAP_RATIO) {
          flags.push({ redemptionId: row!.id, userId, reason: 'repeated_near_daily_cap', dayTotal: newTotal, dayCount: dayCount + 1 });
        }
        if (flags.length > 0) await tx.insert(redemptionFlags).values(flags).onConflictDoNothing();
        await record({ type: 'RedemptionRequested', payload: { userId, redemptionId: row!.id, amount, transferId: moved.transferId } });
        return responseOf(amount, newTotal, row!, null);
      });
    },

    async cancel(userId, redemptionId) {
      await bus.run(async ({ tx, record }) => {
        const row = await lockedRedemption(tx, redemptionId, userId);
        // Another player's redemption is answered as unknown.
        if (!row || row.userId !== userId) throw new AppError('RedeemRequestNotFound');
        if (row.status !== redeemStatus.pending) throw new AppError('RedeemNotCancellable');
        const transferId = await settle(tx, row, redeemStatus.pending, 'cancelled');
        await record({ type: 'RedemptionCancelled', payload: { userId, redemptionId, amount: row.amount, transferId: transferId! } });
      });
    },

    async submitDue(now = new Date()) {
      const dueBefore = new Date(now.getTime() - settings.reviewWindowSeconds * 1000);
      const due = await db
        .select({ id: redemptions.id })
        .from(redemptions)
        .where(and(eq(redemptions.status, redeemStatus.pending), lte(redemptions.createdAt, dueBefore)))
        .orderBy(asc(redemptions.id))
        .limit(50);
      let moved = 0;
      for (const { id } of due) {
        const row = await bus.run(async ({ tx, record }) => {
          const locked = await lockedRedemption(tx, id);
          // Cancelled, decided by an operator, or submitted by another process since the list was read.
          if (!locked) return null;
          return markSubmitted(tx, record, locked);
        });
        if (!row) continue;
        moved += 1;
        await sendPayout(row);
      }
      // In process but never accepted by the provider (it was unavailable): send again.
      const stuck = await db
        .select()
        .from(redemptions)
        .where(
          and(
            eq(redemptions.status, redeemStatus.inProcess),
            isNull(redemptions.payoutId),
            lte(redemptions.submittedAt, new Date(now.getTime() - RESUBMIT_AFTER_SECONDS * 1000)),
          ),
        )
        .limit(50);
      for (const row of stuck) await sendPayout(row);
      return moved;
    },

    async decide(redemptionId, decision, inTransaction) {
      const after = await bus.run(async ({ tx, record }) => {
        const row = await lockedRedemption(tx, redemptionId);
        if (!row) throw new AppError('RedeemRequestNotFound');
        if (row.status !== redeemStatus.pending) throw new AppError('RedemptionAlreadyDecided');
        let decided: RedemptionRow | null | undefined;
        if (decision === 'approve') {
          decided = await markSubmitted(tx, record, row);
        } else {
          const transferId = await settle(tx, row, redeemStatus.pending, 'failed', REJECTED_BY_OPERATOR);
          await record({
            type: 'RedemptionFailed',
            payload: { userId: row.userId, redemptionId: row.id, amount: row.amount, transferId: transferId! },
          });
          [decided] = await tx.select().from(redemptions).where(eq(redemptions.id, row.id));
        }
        // Read as pending under the player's lock, so neither branch can find it changed.
        if (!decided) throw new Error(`Redemption ${row.id} left status 0 under the player's lock`);
        await inTransaction(tx, row, decided);
        return decided;
      });
      // After commit, as the payout job does: a failed call leaves it in process and the job sends it again.
      if (decision === 'approve') await sendPayout(after);
      return after;
    },

    async handleWebhook({ eventId, payout }) {
      return bus.run(async (uow) => {
        const [fresh] = await uow.tx
          .insert(payoutWebhookEvents)
          .values({ eventId, payoutId: payout.id })
          .onConflictDoNothing()
          .returning({ eventId: payoutWebhookEvents.eventId });
        if (!fresh) return { duplicate: true, applied: false };
        return { duplicate: false, applied: await applyPayout(uow, payout) };
      });
    },
  };
}

/** The rows of the Transactions tab's redeem source, newest first (GET /payment/transactions). */
export async function listRedemptions(
  db: Database,
  userId: number,
  range: { from?: Date; to?: Date; page: number; limit: number },
): Promise<{ rows: RedemptionRow[]; count: number }> {
  const where = and(
    eq(redemptions.userId, userId),
    range.from ? gte(redemptions.createdAt, range.from) : undefined,
    range.to ? sql`${redemptions.createdAt} < ${range.to}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(redemptions)
      .where(where)
      .orderBy(sql`${redemptions.createdAt} desc`, sql`${redemptions.id} desc`)
      .limit(range.limit)
      .offset((range.page - 1) * range.limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(redemptions)
      .where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}
