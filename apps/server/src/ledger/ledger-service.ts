import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../db/client.js';
import { ledgerAccounts, ledgerEntries, ledgerTransfers, users } from '../db/schema/index.js';
import { AppError } from '../http/errors.js';
import {
  coinOfPlayerAccount,
  emptyPlayerBalances,
  houseAccountKinds,
  playerAccountKinds,
  SC_DEBIT_ORDER,
  toBalances,
  type HouseAccountKind,
  type Leg,
  type PlayerAccountBalances,
  type PlayerAccountKind,
} from './accounts.js';
import type { Balances, Coin, LedgerReason, LedgerService, MovementMeta, TransferRecord, TransferResult } from './types.js';

/**
 * The double-entry ledger (DESIGN.md section 5, docs/decisions/004-ledger.md).
 *
 * Every movement runs the same steps in one database transaction:
 * 1. lock the player's account rows `for update`, in id order (created on first use);
 * 2. look the idempotency key up again under that lock: a replay returns the first result;
 * 3. plan the legs from the locked balances (SC debit order, refusals for lack of funds);
 * 4. write the transfer, its entries (summing to zero per coin) and the cached balances.
 *
 * PostgreSQL runs this at READ COMMITTED: the row locks serialise movements of one player, and
 * each statement after the lock sees what the previous holder committed. PGlite runs one
 * transaction at a time. A key racing between two players' transactions (no common lock) is
 * settled by the unique index: the loser reads the winner's transfer and replays it.
 */
type TransferRow = typeof ledgerTransfers.$inferSelect;

interface Plan {
  legs: Leg[];
  reversesTransferId?: number;
  /** The movement already happened under another key (a bet rolled back twice): return it. */
  alreadyDone?: TransferRow;
}

interface LockedAccounts {
  ids: Record<PlayerAccountKind, number>;
  balances: PlayerAccountBalances;
}

interface Movement {
  userId: number;
  reason: LedgerReason;
  idempotencyKey: string;
  meta: MovementMeta;
  /** The request as the idempotency check compares it (operation, player, amounts, reference). */
  request: Record<string, unknown>;
  plan: (locked: LockedAccounts, tx: Transaction, houses: Map<string, number>) => Promise<Plan> | Plan;
}

const MAX_KEY_LENGTH = 200;
const MAX_PAGE_SIZE = 100;

export function createLedgerService(db: Database): LedgerService {
  let houseIds: Promise<Map<string, number>> | undefined;

  function houseAccountIds(executor: DbExecutor): Promise<Map<string, number>> {
    houseIds ??= executor
      .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, coin: ledgerAccounts.coin })
      .from(ledgerAccounts)
      .where(isNull(ledgerAccounts.userId))
      .then((rows) => new Map(rows.map((row) => [houseKey(row.kind as HouseAccountKind, row.coin), row.id])));
    houseIds.catch(() => {
      houseIds = undefined;
    });
    return houseIds;
  }

  async function move(tx: Transaction, movement: Movement): Promise<TransferResult> {
    requireKey(movement.idempotencyKey);
    const fingerprint = fingerprintOf(movement.request);
    const houses = await houseAccountIds(tx);
    const locked = await lockPlayerAccounts(tx, movement.userId);
    // Under the player's lock a movement of this player with this key has committed or never will.
    const known = await findRow(tx, movement.idempotencyKey);
    if (known) return replay(known, fingerprint);

    const plan = await movement.plan(locked, tx, houses);
    if (plan.alreadyDone) return resultOf(plan.alreadyDone, true);

    const deltas = emptyPlayerBalances();
    const perCoin: Record<Coin, number> = { GC: 0, SC: 0 };
    for (const leg of plan.legs) {
      if ('player' in leg) deltas[leg.player] += leg.amount;
      perCoin['player' in leg ? coinOfPlayerAccount(leg.player) : leg.coin] += leg.amount;
    }
    if (perCoin.GC !== 0 || perCoin.SC !== 0) throw new Error(`Unbalanced ledger plan for ${movement.reason}`);
    const after = emptyPlayerBalances();
    for (const kind of playerAccountKinds) {
      after[kind] = locked.balances[kind] + deltas[kind];
      if (after[kind] < 0) throw new AppError('InsufficientBalance');
    }

    const balancesBefore = toBalances(locked.balances);
    const balancesAfter = toBalances(after);
    const [transfer] = await tx
      .insert(ledgerTransfers)
      .values({
        idempotencyKey: movement.idempotencyKey,
        fingerprint,
        userId: movement.userId,
        reason: movement.reason,
        reference: movement.meta.reference ?? null,
        details: movement.meta.details ?? null,
        reversesTransferId: plan.reversesTransferId ?? null,
        gcAmount: deltas.GC,
        scAmount: deltas.SC_BONUS + deltas.SC_UNPLAYED + deltas.SC_REDEEMABLE,
        balancesBefore,
        balancesAfter,
      })
      // The same key used for another player, whose lock this transaction does not hold: the
      // transfer that got there first keeps it and this request is answered as its replay (or
      // refused as a different request). Nothing else was written yet.
      .onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
      .returning({ id: ledgerTransfers.id });
    if (!transfer) {
      const winner = await findRow(tx, movement.idempotencyKey);
      if (!winner) throw new Error(`Idempotency key ${movement.idempotencyKey} conflicted but no transfer holds it`);
      return replay(winner, fingerprint);
    }
    const transferId = transfer.id;

    const entries = plan.legs
      .filter((leg) => leg.amount !== 0)
      .map((leg) =>
        'player' in leg
          ? { transferId, accountId: locked.ids[leg.player], coin: coinOfPlayerAccount(leg.player), amount: leg.amount }
          : { transferId, accountId: houses.get(houseKey(leg.house, leg.coin))!, coin: leg.coin, amount: leg.amount },
      );
    if (entries.length > 0) await tx.insert(ledgerEntries).values(entries);
    try {
      for (const kind of playerAccountKinds) {
        if (deltas[kind] === 0) continue;
        await tx
          .update(ledgerAccounts)
          .set({ balance: sql`${ledgerAccounts.balance} + ${deltas[kind]}` })
          .where(eq(ledgerAccounts.id, locked.ids[kind]));
      }
    } catch (error) {
      // The CHECK constraint is the last line of defence behind the planned refusal above.
      if (databaseError(error, '23514', 'ledger_accounts_player_balance_check')) throw new AppError('InsufficientBalance');
      throw error;
    }
    return { transferId, replayed: false, balancesBefore, balancesAfter };
  }

  /** Moves `amount` out of the given player accounts into a house account, in order, or refuses. */
  function debitInOrder(locked: LockedAccounts, order: readonly PlayerAccountKind[], amount: number, coin: Coin): Leg[] {
    const available = order.reduce((sum, kind) => sum + locked.balances[kind], 0);
    if (available < amount) throw new AppError('InsufficientBalance', undefined, { coin });
    const legs: Leg[] = [];
    let remaining = amount;
    for (const kind of order) {
      const take = Math.min(remaining, locked.balances[kind]);
      if (take > 0) legs.push({ player: kind, amount: -take });
      remaining -= take;
    }
    legs.push({ house: 'GAME_PLAY', coin, amount });
    return legs;
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

    async creditBonus(tx, { userId, gc, sc, reason, idempotencyKey, ...meta }) {
      requireAmounts(gc, sc);
      return move(tx, {
        userId,
        reason,
        idempotencyKey,
        meta,
        request: { operation: 'creditBonus', userId, gc, sc, reason, reference: meta.reference ?? null },
        plan: () => ({
          legs: [
            { house: 'PROMOTIONS', coin: 'GC', amount: -gc },
            { player: 'GC', amount: gc },
            { house: 'PROMOTIONS', coin: 'SC', amount: -sc },
            { player: 'SC_BONUS', amount: sc },
          ],
        }),
      });
    },

    async creditPurchase(tx, { userId, gc, sc, idempotencyKey, ...meta }) {
      requireAmounts(gc, sc);
      return move(tx, {
        userId,
        reason: 'purchase',
        idempotencyKey,
        meta,
        request: { operation: 'creditPurchase', userId, gc, sc, reference: meta.reference ?? null },
        plan: () => ({
          legs: [
            { house: 'PURCHASES', coin: 'GC', amount: -gc },
            { player: 'GC', amount: gc },
            { house: 'PURCHASES', coin: 'SC', amount: -sc },
            { player: 'SC_UNPLAYED', amount: sc },
          ],
        }),
      });
    },

    async debitBet(tx, { userId, coin, amount, idempotencyKey, ...meta }) {
      requireAmount(amount, false);
      return move(tx, {
        userId,
        reason: 'bet',
        idempotencyKey,
        meta,
        request: { operation: 'debitBet', userId, coin, amount, reference: meta.reference ?? null },
        plan: (locked) => ({ legs: debitInOrder(locked, coin === 'GC' ? ['GC'] : SC_DEBIT_ORDER, amount, coin) }),
      });
    },

    async creditWin(tx, { userId, coin, amount, idempotencyKey, ...meta }) {
      requireAmount(amount, true);
      return move(tx, {
        userId,
        reason: 'win',
        idempotencyKey,
        meta,
        request: { operation: 'creditWin', userId, coin, amount, reference: meta.reference ?? null },
        plan: () => ({
          legs: [
            { house: 'GAME_PLAY', coin, amount: -amount },
            { player: coin === 'GC' ? 'GC' : 'SC_REDEEMABLE', amount },
          ],
        }),
      });
    },

    async rollbackBet(tx, { userId, betIdempotencyKey, idempotencyKey, ...meta }) {
      return move(tx, {
        userId,
        reason: 'bet_rollback',
        idempotencyKey,
        meta,
        request: { operation: 'rollbackBet', userId, betIdempotencyKey, reference: meta.reference ?? null },
        plan: async (locked, tx, houses) => {
          const bet = await findRow(tx, betIdempotencyKey);
          if (!bet || bet.userId !== userId || bet.reason !== 'bet') throw new AppError('NotFound', 'There is no such bet to roll back.');
          const [earlier] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.reversesTransferId, bet.id));
          if (earlier) return { legs: [], alreadyDone: earlier };
          const entries = await tx
            .select({ accountId: ledgerEntries.accountId, coin: ledgerEntries.coin, amount: ledgerEntries.amount })
            .from(ledgerEntries)
            .where(eq(ledgerEntries.transferId, bet.id));
          const legs = entries.map((entry): Leg => {
            const player = playerAccountKinds.find((kind) => locked.ids[kind] === entry.accountId);
            if (player) return { player, amount: -entry.amount };
            const house = houseAccountKinds.find((kind) => houses.get(houseKey(kind, entry.coin)) === entry.accountId);
            if (!house) throw new Error(`Bet ${bet.id} has an entry on account ${entry.accountId} of another player`);
            return { house, coin: entry.coin, amount: -entry.amount };
          });
          return { legs, reversesTransferId: bet.id };
        },
      });
    },

    async moveToPendingRedemption(tx, { userId, amount, idempotencyKey, ...meta }) {
      requireAmount(amount, false);
      return move(tx, {
        userId,
        reason: 'redemption_pending',
        idempotencyKey,
        meta,
        request: { operation: 'moveToPendingRedemption', userId, amount, reference: meta.reference ?? null },
        plan: (locked) => {
          // Only redeemable SC can leave as a redemption (DESIGN.md section 5).
          if (locked.balances.SC_REDEEMABLE < amount) throw new AppError('InsufficientBalance', undefined, { coin: 'SC' });
          return {
            legs: [
              { player: 'SC_REDEEMABLE', amount: -amount },
              { player: 'SC_PENDING_REDEMPTION', amount },
            ],
          };
        },
      });
    },

    async releasePendingRedemption(tx, { userId, amount, idempotencyKey, outcome, ...meta }) {
      requireAmount(amount, false);
      const reason: LedgerReason =
        outcome === 'paid' ? 'redemption_paid' : outcome === 'cancelled' ? 'redemption_cancelled' : 'redemption_failed';
      return move(tx, {
        userId,
        reason,
        idempotencyKey,
        meta,
        request: { operation: 'releasePendingRedemption', userId, amount, outcome, reference: meta.reference ?? null },
        plan: (locked) => {
          if (locked.balances.SC_PENDING_REDEMPTION < amount) {
            throw new AppError('InsufficientBalance', 'Not that much SC is pending redemption.', { coin: 'SC' });
          }
          const destination: Leg = outcome === 'paid' ? { house: 'PAYOUTS', coin: 'SC', amount } : { player: 'SC_REDEEMABLE', amount };
          return { legs: [{ player: 'SC_PENDING_REDEMPTION', amount: -amount }, destination] };
        },
      });
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
      await lockPlayerAccounts(tx, userId);
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

/** Locks the player's accounts in id order, creating the missing ones first. */
async function lockPlayerAccounts(tx: Transaction, userId: number): Promise<LockedAccounts> {
  const select = () =>
    tx
      .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId))
      .orderBy(asc(ledgerAccounts.id))
      .for('update');
  let rows = await select();
  if (rows.length < playerAccountKinds.length) {
    const [player] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!player) throw new AppError('NotFound', 'No such player.');
    const present = new Set(rows.map((row) => row.kind));
    const missing = playerAccountKinds.filter((kind) => !present.has(kind));
    await tx
      .insert(ledgerAccounts)
      .values(missing.map((kind) => ({ userId, kind, coin: coinOfPlayerAccount(kind), balance: 0 })))
      .onConflictDoNothing();
    rows = await select();
  }
  const ids = {} as Record<PlayerAccountKind, number>;
  const balances = emptyPlayerBalances();
  for (const row of rows) {
    ids[row.kind as PlayerAccountKind] = row.id;
    balances[row.kind as PlayerAccountKind] = row.balance ?? 0;
  }
  return { ids, balances };
}

async function findRow(executor: DbExecutor, idempotencyKey: string): Promise<TransferRow | undefined> {
  const [row] = await executor.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, idempotencyKey));
  return row;
}

function replay(row: TransferRow, fingerprint: string): TransferResult {
  if (row.fingerprint !== fingerprint) throw new AppError('IdempotencyKeyReused');
  return resultOf(row, true);
}

function resultOf(row: TransferRow, replayed: boolean): TransferResult {
  return {
    transferId: row.id,
    replayed,
    balancesBefore: row.balancesBefore as Balances,
    balancesAfter: row.balancesAfter as Balances,
  };
}

function recordOf(row: TransferRow): TransferRecord {
  return { transferId: row.id, userId: row.userId, reason: row.reason as LedgerReason, reference: row.reference, createdAt: row.createdAt };
}

function houseKey(kind: HouseAccountKind, coin: Coin): string {
  return `${kind}:${coin}`;
}

/** A stable hash of the request: same operation, player, amounts and reference give the same print. */
function fingerprintOf(request: Record<string, unknown>): string {
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

/** Finds a PostgreSQL error (code, constraint) however the driver or Drizzle wrapped it. */
function databaseError(error: unknown, code: string, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === code) {
      return candidate.constraint === constraint || (typeof candidate.message === 'string' && candidate.message.includes(constraint));
    }
    current = candidate.cause;
  }
  return false;
}
