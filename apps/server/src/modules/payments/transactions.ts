import { fromHundredths } from '@casino/contracts/money';
import { transactionStatus } from '@casino/contracts/store';
import { and, count, desc, eq, gte, lt, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { paymentIntents } from '../../db/schema/index.js';
import type { LedgerService } from '../../ledger/types.js';
import { withBonus } from '../store/service.js';
import { listRedemptions } from '../redeem/service.js';

/**
 * GET /payment/transactions (seed 001 sections 3 and 7 'Player transaction row'): the player's
 * deposits (card purchases with their status numbers, failed and declined included), bonuses
 * (from the ledger) or redemptions, newest first. startDate and endDate are UTC days, both
 * inclusive. Redemptions come from their own table (issue 13), with their status numbers (0 pending and
 * cancellable, 7 in process, 1 success, 2 cancelled, 3 failed); `id` is the withdrawRequestId.
 */
export const transactionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  startDate: z.iso.date().optional(),
  endDate: z.iso.date().optional(),
  actionType: z.enum(['deposit', 'redeem', 'bonus']).default('deposit'),
});
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;

export const transactionRowSchema = z.object({
  id: z.number().int(),
  transactionId: z.string(),
  transactiontype: z.string(),
  updated_at: z.string(),
  amount: z.number(),
  gccoin: z.number(),
  sccoin: z.number(),
  status: z.number().int(),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

function range(query: TransactionsQuery): { from?: Date; to?: Date } {
  const from = query.startDate ? new Date(`${query.startDate}T00:00:00Z`) : undefined;
  const to = query.endDate ? new Date(new Date(`${query.endDate}T00:00:00Z`).getTime() + 86_400_000) : undefined;
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

export async function listTransactions(
  db: Database,
  ledger: LedgerService,
  userId: number,
  query: TransactionsQuery,
): Promise<{ rows: TransactionRow[]; count: number }> {
  const { from, to } = range(query);
  if (query.actionType === 'redeem') {
    const page = await listRedemptions(db, userId, {
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      page: query.page,
      limit: query.limit,
    });
    return {
      rows: page.rows.map((row) => ({
        id: row.id,
        transactionId: String(row.id),
        transactiontype: 'redeem',
        updated_at: row.updatedAt.toISOString(),
        amount: fromHundredths(row.amount),
        gccoin: 0,
        sccoin: fromHundredths(row.amount),
        status: row.status,
      })),
      count: page.count,
    };
  }
  if (query.actionType === 'bonus') {
    const history = await ledger.history({
      userId,
      reasons: ['welcome_bonus', 'daily_bonus'],
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      page: query.page,
      limit: query.limit,
    });
    return {
      rows: history.rows.map((row) => ({
        id: row.transferId,
        transactionId: String(row.transferId),
        transactiontype: row.reason,
        updated_at: row.createdAt.toISOString(),
        amount: 0,
        gccoin: fromHundredths(row.gc),
        sccoin: fromHundredths(row.sc),
        status: transactionStatus.success,
      })),
      count: history.count,
    };
  }
  // An intent never charged (status 0) is not a transaction yet.
  const where = and(
    eq(paymentIntents.userId, userId),
    ne(paymentIntents.status, transactionStatus.pending),
    from ? gte(paymentIntents.updatedAt, from) : undefined,
    to ? lt(paymentIntents.updatedAt, to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(paymentIntents)
      .where(where)
      .orderBy(desc(paymentIntents.updatedAt), desc(paymentIntents.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(paymentIntents).where(where),
  ]);
  return {
    rows: rows.map((intent) => {
      const percentage = intent.firstPurchaseBonus ? intent.firstPurchasePercentage : 0;
      return {
        id: intent.id,
        transactionId: intent.merchantRefNum,
        transactiontype: 'deposit',
        updated_at: intent.updatedAt.toISOString(),
        amount: fromHundredths(intent.amount),
        gccoin: fromHundredths(withBonus(intent.gcCoin, percentage)),
        sccoin: fromHundredths(withBonus(intent.scCoin, percentage)),
        status: intent.status,
      };
    }),
    count: total?.value ?? 0,
  };
}
