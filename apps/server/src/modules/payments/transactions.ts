import { fromHundredths } from '@casino/contracts/money';
import { transactionStatus } from '@casino/contracts/store';
import { and, count, desc, eq, gte, lt, ne } from 'drizzle-orm';
import { HISTORY_PAGE_SIZE } from '@casino/contracts/constants';
import { dateRangeMessages, dateRangeOrdered } from '@casino/contracts/date-range';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { paymentIntents } from '../../db/schema/index.js';
import type { LedgerService } from '../../money/ledger/types.js';
import { listRedemptions } from '../redeem/service.js';
import { withBonus } from '../store/service.js';

/**
 * GET /payment/transactions (seed 001 sections 3 and 7 'Player transaction row'): the player's
 * deposits (card purchases with their status numbers, failed and declined included), bonuses
 * (from the ledger) or redemptions, newest first. startDate and endDate are UTC days, both
 * inclusive; a start after the end is refused (400). Each actionType reads one source
 * (createTransactionSources): a feature adds its rows by giving its actionType a source.
 */
export const transactionActionTypes = ['deposit', 'redeem', 'bonus'] as const;
export type TransactionActionType = (typeof transactionActionTypes)[number];

export const transactionsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
    startDate: z.iso.date().optional(),
    endDate: z.iso.date().optional(),
    actionType: z.enum(transactionActionTypes).default('deposit'),
  })
  .refine(dateRangeOrdered, { path: ['startDate'], message: dateRangeMessages.startAfterEnd });
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

/** The window of a query: from the start of startDate to the end of endDate (UTC days). */
export interface TransactionWindow {
  from?: Date;
  to?: Date;
  page: number;
  limit: number;
}

export interface TransactionPage {
  rows: TransactionRow[];
  count: number;
}

/** One actionType's rows: a player's own rows only, newest first, paged, through an index. */
export interface TransactionSource {
  list(userId: number, window: TransactionWindow): Promise<TransactionPage>;
}

function windowOf(query: TransactionsQuery): TransactionWindow {
  const from = query.startDate ? new Date(`${query.startDate}T00:00:00Z`) : undefined;
  const to = query.endDate ? new Date(new Date(`${query.endDate}T00:00:00Z`).getTime() + 86_400_000) : undefined;
  return { ...(from ? { from } : {}), ...(to ? { to } : {}), page: query.page, limit: query.limit };
}

/** Bonuses credited by the ledger (welcome, daily, VIP rewards, spin wheel). */
const BONUS_REASONS = [
  'welcome_bonus',
  'daily_bonus',
  'vip_reward',
  'spin_wheel',
  'promo_code',
  'referral_reward',
  'rakeback',
  'mail_in_entry',
] as const;

/** Deposits: charged payment intents (never-charged ones, status 0, are not transactions yet). */
export function depositSource(db: Database): TransactionSource {
  return {
    async list(userId, { from, to, page, limit }) {
      // Served by payment_intents_user_updated_idx (user_id, updated_at desc, id desc) where status <> 0.
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
          .limit(limit)
          .offset((page - 1) * limit),
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
    },
  };
}

/** Bonuses: read from the ledger's transfers (ledger_transfers_user_created_idx). */
export function bonusSource(ledger: Pick<LedgerService, 'history'>): TransactionSource {
  return {
    async list(userId, { from, to, page, limit }) {
      const history = await ledger.history({
        userId,
        reasons: [...BONUS_REASONS],
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
        page,
        limit,
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
    },
  };
}

/**
 * Redemptions, from their own table with their status numbers: 0 pending (the Cancel
 * button), 7 in process, 1 success, 2 cancelled, 3 failed; `id` is the withdrawRequestId.
 */
export function redemptionSource(db: Database): TransactionSource {
  return {
    async list(userId, window) {
      const page = await listRedemptions(db, userId, window);
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
    },
  };
}

export type TransactionSources = Record<TransactionActionType, TransactionSource>;

export function createTransactionSources(db: Database, ledger: Pick<LedgerService, 'history'>): TransactionSources {
  return { deposit: depositSource(db), bonus: bonusSource(ledger), redeem: redemptionSource(db) };
}

export async function listTransactions(sources: TransactionSources, userId: number, query: TransactionsQuery): Promise<TransactionPage> {
  return sources[query.actionType].list(userId, windowOf(query));
}
