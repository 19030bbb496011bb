import type { PurchaseQueueRow, RedemptionQueueRow, RefusedWinRow } from '@casino/contracts/admin-money';
import { fromHundredths } from '@casino/contracts/money';
import { redeemStatus } from '@casino/contracts/redeem';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  bankFundingSources,
  casinoGames,
  paymentAlerts,
  paymentIntents,
  paymentSavedCards,
  paymentWebhookEvents,
  redemptionFlags,
  redemptions,
  refusedWins,
  users,
} from '../../db/schema/index.js';

/**
 * The money desks' reads: the redemption queue with its AML flags,
 * purchases with the processor's webhook events and the payment alerts recorded for them, and
 * the wins the wallet refused for being above their game's limit (docs/decisions/058-win-limits.md).
 */
type QueueFilter = 'pending' | 'inProcess' | 'success' | 'failed' | 'cancelled' | 'all';
interface Page {
  page: number;
  limit: number;
}

export function createMoneyQueries(db: Database) {
  return {
    async redemptions(filter: QueueFilter, { page, limit }: Page): Promise<{ rows: RedemptionQueueRow[]; count: number }> {
      const where: SQL | undefined = filter === 'all' ? undefined : eq(redemptions.status, redeemStatus[filter]);
      // The review queue is worked oldest first; the other lists are read newest first.
      const order =
        filter === 'pending' ? [asc(redemptions.createdAt), asc(redemptions.id)] : [desc(redemptions.createdAt), desc(redemptions.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select({
            redemption: redemptions,
            username: users.username,
            email: users.email,
            kycStatus: users.kycStatus,
            bank: bankFundingSources.bank,
            lastDigits: bankFundingSources.lastDigits,
            cardBrand: paymentSavedCards.brand,
            cardLastFour: paymentSavedCards.lastFour,
          })
          .from(redemptions)
          .innerJoin(users, eq(users.id, redemptions.userId))
          .leftJoin(bankFundingSources, eq(bankFundingSources.id, redemptions.fundingSourceId))
          .leftJoin(paymentSavedCards, eq(paymentSavedCards.id, redemptions.savedCardId))
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ value: count() }).from(redemptions).where(where),
      ]);
      const ids = rows.map((row) => row.redemption.id);
      const flags = ids.length
        ? await db.select().from(redemptionFlags).where(inArray(redemptionFlags.redemptionId, ids)).orderBy(asc(redemptionFlags.id))
        : [];
      return {
        count: Number(total?.value ?? 0),
        rows: rows.map(({ redemption: row, username, email, kycStatus, bank, lastDigits, cardBrand, cardLastFour }) => ({
          redemptionId: row.id,
          userId: row.userId,
          username,
          email,
          kycStatus,
          amount: fromHundredths(row.amount),
          status: row.status,
          method: row.method,
          destination:
            row.method === 'BANK'
              ? `${bank ?? 'Bank'} ••${lastDigits ?? '????'}`
              : row.method === 'CARD'
                ? `${cardBrand ?? 'Card'} ••${cardLastFour ?? '????'}`
                : (row.actionableEmail ?? ''),
          failureReason: row.failureReason,
          flags: flags
            .filter((flag) => flag.redemptionId === row.id)
            .map((flag) => ({ reason: flag.reason, dayTotal: fromHundredths(flag.dayTotal), dayCount: flag.dayCount })),
          createdAt: row.createdAt.toISOString(),
          submittedAt: row.submittedAt?.toISOString() ?? null,
          settledAt: row.settledAt?.toISOString() ?? null,
        })),
      };
    },

    async purchases(
      filter: { status?: number | undefined; userId?: number | undefined },
      { page, limit }: Page,
    ): Promise<{ rows: PurchaseQueueRow[]; count: number }> {
      const where = and(
        filter.status === undefined ? undefined : eq(paymentIntents.status, filter.status),
        filter.userId === undefined ? undefined : eq(paymentIntents.userId, filter.userId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ intent: paymentIntents, username: users.username })
          .from(paymentIntents)
          .innerJoin(users, eq(users.id, paymentIntents.userId))
          .where(where)
          .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ value: count() }).from(paymentIntents).where(where),
      ]);
      const refs = rows.map((row) => row.intent.merchantRefNum);
      const ids = rows.map((row) => row.intent.id);
      const [events, alerts] = await Promise.all([
        refs.length
          ? db
              .select()
              .from(paymentWebhookEvents)
              .where(inArray(paymentWebhookEvents.merchantRefNum, refs))
              .orderBy(asc(paymentWebhookEvents.receivedAt))
          : [],
        ids.length ? db.select().from(paymentAlerts).where(inArray(paymentAlerts.intentId, ids)).orderBy(asc(paymentAlerts.id)) : [],
      ]);
      return {
        count: Number(total?.value ?? 0),
        rows: rows.map(({ intent, username }) => ({
          purchaseId: intent.id,
          merchantRefNum: intent.merchantRefNum,
          userId: intent.userId,
          username,
          packageId: intent.packageId,
          amount: fromHundredths(intent.amount),
          gc: fromHundredths(intent.gcCoin),
          sc: fromHundredths(intent.scCoin),
          status: intent.status,
          provider: intent.providerType,
          paymentMethod: intent.paymentMethod,
          processorTransferId: intent.processorTransferId,
          creditedTransferId: intent.creditedTransferId,
          failureMessage: intent.failureMessage,
          createdAt: intent.createdAt.toISOString(),
          events: events
            .filter((event) => event.merchantRefNum === intent.merchantRefNum)
            .map((event) => ({ eventId: event.eventId, transferState: event.transferState, receivedAt: event.receivedAt.toISOString() })),
          alerts: alerts
            .filter((alert) => alert.intentId === intent.id)
            .map((alert) => ({ kind: alert.kind, createdAt: alert.createdAt.toISOString() })),
          reversalKind: intent.reversalKind,
        })),
      };
    },

    async refusedWins({ page, limit }: Page): Promise<{ rows: RefusedWinRow[]; count: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select({ refused: refusedWins, username: users.username, gameName: casinoGames.name })
          .from(refusedWins)
          .innerJoin(users, eq(users.id, refusedWins.userId))
          .leftJoin(casinoGames, eq(casinoGames.id, refusedWins.gameId))
          .orderBy(desc(refusedWins.createdAt), desc(refusedWins.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ value: count() }).from(refusedWins),
      ]);
      return {
        count: Number(total?.value ?? 0),
        rows: rows.map(({ refused: row, username, gameName }) => ({
          refusedWinId: row.id,
          userId: row.userId,
          username,
          gameId: row.gameId,
          gameName,
          roundId: row.roundId,
          transactionId: row.transactionId,
          coin: row.coin,
          bet: fromHundredths(row.betAmount),
          win: fromHundredths(row.winAmount),
          maxWin: fromHundredths(row.maxWin),
          maxWinMultiplier: row.maxWinMultiplier,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  };
}
