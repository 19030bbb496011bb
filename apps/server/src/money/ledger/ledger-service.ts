import { createHash } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { bigintArray } from '../../db/array-literals.js';
import { queryRows, statementRows, type Database, type DbExecutor } from '../../db/client.js';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { emptyPlayerBalances, toBalances, type PlayerAccountKind } from './accounts.js';
import type { Coin, LedgerReason, LedgerService, MovementMeta, TransferRecord, TransferResult } from './types.js';

/**
 * The double-entry ledger (docs/ARCHITECTURE.md 'The money core', docs/decisions/004-ledger.md and
 * 064-money-path-speed.md).
 *
 * Every movement is one call of the database function `ledger_move` (money/functions/ledger_move.sql), which runs
 * the steps of a movement where the rows are:
 * 1. take the player's lock (their GC account row, `for no key update`) and read their accounts
 *    (created on first use);
 * 2. look the idempotency key up under that lock: a replay returns the first result;
 * 3. plan the legs from the locked balances (SC debit order, refusals for lack of funds);
 * 4. write the transfer, its entries (summing to zero per coin) and the cached balances.
 *
 * Given the pool, the call is a transaction of its own and the player's locks are held for that
 * call only; given a business action's transaction, it joins it. PostgreSQL runs it at READ
 * COMMITTED: the row locks serialise movements of one player, and each statement after the lock
 * sees what the previous holder committed. PGlite runs one transaction at a time. A key racing
 * between two players' calls (no common lock) is settled by the unique index: the loser answers
 * the winner's transfer as a replay.
 */
type TransferRow = typeof ledgerTransfers.$inferSelect;

type Operation =
  | 'creditBonus'
  | 'creditPurchase'
  | 'debitBet'
  | 'creditWin'
  | 'rollbackBet'
  | 'reverseCredit'
  | 'moveToPendingRedemption'
  | 'releasePendingRedemption'
  | 'adjustment';

interface Movement {
  operation: Operation;
  userId: number;
  reason: LedgerReason;
  idempotencyKey: string;
  meta: MovementMeta;
  coin?: Coin;
  amount?: number;
  gc?: number;
  sc?: number;
  reversesKey?: string;
  account?: PlayerAccountKind;
  /** The request as the idempotency check compares it (operation, player, amounts, reference). */
  request: Record<string, unknown>;
}

/** What the database functions answer: a result, or a refusal by name. */
export type LedgerAnswer = (TransferResult & { userId: number }) | LedgerRefusal;
export interface LedgerRefusal {
  error: string;
  message?: string;
  coin?: Coin;
}

const MAX_KEY_LENGTH = 200;
/** One movement, one statement whose text never changes (db/client.ts statementRows). */
const LEDGER_MOVE = 'select ledger_move($1, $2, $3, $4, $5, $6, $7::bigint, $8::bigint, $9::bigint, $10, $11::jsonb, $12, $13) as result';
const MAX_PAGE_SIZE = 100;

/** A refusal answered by a database function, as the API error it stands for. */
export function refusalError(refusal: LedgerRefusal): AppError {
  switch (refusal.error) {
    case 'InsufficientBalance':
      return new AppError('InsufficientBalance', refusal.message, { coin: refusal.coin });
    case 'IdempotencyKeyReused':
      return new AppError('IdempotencyKeyReused');
    case 'NotFound':
      return new AppError('NotFound', refusal.message);
    default:
      throw new Error(`Unknown ledger refusal ${refusal.error}`);
  }
}

export function createLedgerService(db: Database): LedgerService {
  async function move(executor: DbExecutor, movement: Movement): Promise<TransferResult> {
    requireKey(movement.idempotencyKey);
    const [row] = await statementRows<{ result: LedgerAnswer }>(executor, LEDGER_MOVE, [
      movement.operation,
      movement.userId,
      movement.reason,
      movement.idempotencyKey,
      fingerprintOf(movement.request),
      movement.coin ?? null,
      movement.amount ?? null,
      movement.gc ?? null,
      movement.sc ?? null,
      movement.meta.reference ?? null,
      movement.meta.details ? JSON.stringify(movement.meta.details) : null,
      movement.reversesKey ?? null,
      movement.account ?? null,
    ]);
    const answer = row!.result;
    if ('error' in answer) throw refusalError(answer);
    return resultOf(answer);
  }

  return {
    async balances(userId, executor = db) {
      const rows = await executor
        .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.userId, userId));
      const accounts = emptyPlayerBalances();
      for (const row of rows) accounts[row.kind as PlayerAccountKind] = row.balance ?? 0;
      return toBalances(accounts);
    },

    async balancesOf(userIds, executor = db) {
      const accounts = new Map(userIds.map((userId) => [userId, emptyPlayerBalances()]));
      if (accounts.size === 0) return new Map();
      const rows = await executor
        .select({ userId: ledgerAccounts.userId, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(sql`${ledgerAccounts.userId} = any(${bigintArray([...accounts.keys()])}::bigint[])`);
      for (const row of rows) accounts.get(row.userId!)![row.kind as PlayerAccountKind] = row.balance ?? 0;
      return new Map([...accounts].map(([userId, balances]) => [userId, toBalances(balances)]));
    },

    async creditBonus(executor, { userId, gc, sc, reason, idempotencyKey, ...meta }) {
      requireAmounts(gc, sc);
      const request = { operation: 'creditBonus', userId, gc, sc, reason, reference: meta.reference ?? null };
      return move(executor, { operation: 'creditBonus', userId, reason, idempotencyKey, meta, gc, sc, request });
    },

    async creditPurchase(executor, { userId, gc, sc, idempotencyKey, ...meta }) {
      requireAmounts(gc, sc);
      const request = { operation: 'creditPurchase', userId, gc, sc, reference: meta.reference ?? null };
      return move(executor, { operation: 'creditPurchase', userId, reason: 'purchase', idempotencyKey, meta, gc, sc, request });
    },

    async debitBet(executor, { userId, coin, amount, idempotencyKey, ...meta }) {
      requireAmount(amount, false);
      const request = { operation: 'debitBet', userId, coin, amount, reference: meta.reference ?? null };
      return move(executor, { operation: 'debitBet', userId, reason: 'bet', idempotencyKey, meta, coin, amount, request });
    },

    async creditWin(executor, { userId, coin, amount, idempotencyKey, ...meta }) {
      requireAmount(amount, true);
      const request = { operation: 'creditWin', userId, coin, amount, reference: meta.reference ?? null };
      return move(executor, { operation: 'creditWin', userId, reason: 'win', idempotencyKey, meta, coin, amount, request });
    },

    async rollbackBet(executor, { userId, betIdempotencyKey, idempotencyKey, ...meta }) {
      const request = { operation: 'rollbackBet', userId, betIdempotencyKey, reference: meta.reference ?? null };
      return move(executor, {
        operation: 'rollbackBet',
        userId,
        reason: 'bet_rollback',
        idempotencyKey,
        meta,
        reversesKey: betIdempotencyKey,
        request,
      });
    },

    async reverseCredit(executor, { userId, creditIdempotencyKey, reason, idempotencyKey, ...meta }) {
      requireKey(creditIdempotencyKey);
      const request = { operation: 'reverseCredit', userId, creditIdempotencyKey, reason, reference: meta.reference ?? null };
      return move(executor, {
        operation: 'reverseCredit',
        userId,
        reason,
        idempotencyKey,
        meta,
        reversesKey: creditIdempotencyKey,
        request,
      });
    },

    async moveToPendingRedemption(executor, { userId, amount, idempotencyKey, ...meta }) {
      requireAmount(amount, false);
      const request = { operation: 'moveToPendingRedemption', userId, amount, reference: meta.reference ?? null };
      return move(executor, {
        operation: 'moveToPendingRedemption',
        userId,
        reason: 'redemption_pending',
        idempotencyKey,
        meta,
        amount,
        request,
      });
    },

    async releasePendingRedemption(executor, { userId, amount, idempotencyKey, outcome, ...meta }) {
      requireAmount(amount, false);
      const reason: LedgerReason =
        outcome === 'paid' ? 'redemption_paid' : outcome === 'cancelled' ? 'redemption_cancelled' : 'redemption_failed';
      const request = { operation: 'releasePendingRedemption', userId, amount, outcome, reference: meta.reference ?? null };
      return move(executor, { operation: 'releasePendingRedemption', userId, reason, idempotencyKey, meta, amount, request });
    },

    async adjustBalance(executor, { userId, account, amount, idempotencyKey, ...meta }) {
      if (!Number.isSafeInteger(amount) || amount === 0) {
        throw new AppError('RequestInputValidation', 'An adjustment is a whole, non-zero number of hundredths.');
      }
      const request = { operation: 'adjustment', userId, account, amount, reference: meta.reference ?? null };
      return move(executor, { operation: 'adjustment', userId, reason: 'adjustment', idempotencyKey, meta, account, amount, request });
    },

    async history({ userId, reasons, from, to, page, limit }) {
      if (!Number.isSafeInteger(page) || page < 1 || !Number.isSafeInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
        throw new AppError('RequestInputValidation', `Page starts at 1 and a page holds 1 to ${MAX_PAGE_SIZE} rows.`);
      }
      // Served by ledger_transfers_user_created_idx (user_id, created_at desc, id desc).
      const where = and(
        eq(ledgerTransfers.userId, userId),
        reasons && reasons.length > 0 ? inArray(ledgerTransfers.reason, reasons) : undefined,
        from ? gte(ledgerTransfers.createdAt, from) : undefined,
        to ? lt(ledgerTransfers.createdAt, to) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            transferId: ledgerTransfers.id,
            reason: ledgerTransfers.reason,
            reference: ledgerTransfers.reference,
            gc: ledgerTransfers.gcAmount,
            sc: ledgerTransfers.scAmount,
            createdAt: ledgerTransfers.createdAt,
          })
          .from(ledgerTransfers)
          .where(where)
          .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ count: count() }).from(ledgerTransfers).where(where),
      ]);
      return { rows: rows.map((row) => ({ ...row, reason: row.reason as LedgerReason })), count: total?.count ?? 0 };
    },

    async lockPlayer(tx, userId) {
      const [row] = await queryRows<{ locked: boolean }>(tx, sql`select ledger_lock_player(${userId}) is not null as locked`);
      if (!row?.locked) throw new AppError('NotFound', 'No such player.');
    },

    async findTransfer(idempotencyKey, executor = db) {
      const row = await findRow(executor, idempotencyKey);
      return row ? recordOf(row) : null;
    },

    async pendingRedemption(userId, executor = db) {
      const [row] = await executor
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'SC_PENDING_REDEMPTION')));
      return row?.balance ?? 0;
    },
  };
}

async function findRow(executor: DbExecutor, idempotencyKey: string): Promise<TransferRow | undefined> {
  const [row] = await executor.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, idempotencyKey));
  return row;
}

function resultOf(answer: TransferResult): TransferResult {
  return {
    transferId: Number(answer.transferId),
    replayed: answer.replayed,
    balancesBefore: answer.balancesBefore,
    balancesAfter: answer.balancesAfter,
  };
}

function recordOf(row: TransferRow): TransferRecord {
  return { transferId: row.id, userId: row.userId, reason: row.reason as LedgerReason, reference: row.reference, createdAt: row.createdAt };
}

/** A stable hash of the request: same operation, player, amounts and reference give the same print. */
export function fingerprintOf(request: Record<string, unknown>): string {
  const canonical = Object.keys(request)
    .sort()
    .map((key) => [key, request[key]]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

function requireKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new AppError('RequestInputValidation', `An idempotency key is 1 to ${MAX_KEY_LENGTH} characters.`);
  }
}

function requireAmount(amount: number, allowZero: boolean): void {
  if (!Number.isSafeInteger(amount) || amount < 0 || (!allowZero && amount === 0)) {
    throw new AppError('RequestInputValidation', 'An amount is a positive whole number of hundredths.');
  }
}

function requireAmounts(gc: number, sc: number): void {
  requireAmount(gc, true);
  requireAmount(sc, true);
  if (gc === 0 && sc === 0) throw new AppError('RequestInputValidation', 'A credit moves some GC or SC.');
}
