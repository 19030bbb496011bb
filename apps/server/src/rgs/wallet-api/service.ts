import { createHash } from 'node:crypto';
import { toHundredths, fromHundredths } from '@casino/contracts/money';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { casinoBets, casinoGames, casinoRecentGames, casinoWalletTransactions, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { Balances, Coin, LedgerService, TransferResult } from '../../ledger/types.js';
import type { WalletBetBody, WalletMoveResult, WalletRollbackBody, WalletWinBody } from './schemas.js';

/**
 * The casino's side of the seamless wallet (issue 5 point 5). A game server reports each bet, win
 * and rollback with its own transaction id; this service moves the coins through the ledger (and
 * nothing else), keeps one bet row per round (bet history, recently played, live winners) and
 * answers the balance of the round's coin.
 *
 * Idempotency: the ledger key of each movement is derived from the transaction id, so a repeated
 * call replays in the ledger; the transaction row is written after the ledger movement with
 * `on conflict do nothing`, and only the call that inserted it updates the bet row. A crash
 * between the two is repaired by the game server's retry (same id: the ledger replays, the row
 * is written then).
 */
export interface WalletApiHooks {
  /** A bet was refused for funds: the player's /wallet socket hears INSUFFICIENT_BALANCE. */
  onInsufficientBalance(userId: number, coin: Coin): void;
  /** A round paid a win (amount > 0): live winners. */
  onWin(): void;
}

export interface WalletApiService {
  balance(userId: number, coin: Coin): Promise<number>;
  bet(input: WalletBetBody): Promise<WalletMoveResult>;
  win(input: WalletWinBody): Promise<WalletMoveResult>;
  rollback(input: WalletRollbackBody): Promise<WalletMoveResult>;
}

type TransactionRow = typeof casinoWalletTransactions.$inferSelect;

export function coinBalance(balances: Balances, coin: Coin): number {
  return coin === 'GC' ? balances.gc : balances.bsc + balances.psc + balances.wsc;
}

function fingerprintOf(request: Record<string, unknown>): string {
  const canonical = Object.keys(request)
    .sort()
    .map((key) => [key, request[key]]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

function answer(row: TransactionRow, replayed: boolean): WalletMoveResult {
  return {
    transactionId: row.transactionId,
    coin: row.coin,
    balanceBefore: fromHundredths(row.balanceBefore),
    balance: fromHundredths(row.balanceAfter),
    replayed,
  };
}

export function createWalletApiService(db: Database, ledger: LedgerService, hooks: WalletApiHooks): WalletApiService {
  async function findTransaction(transactionId: string): Promise<TransactionRow | undefined> {
    const [row] = await db.select().from(casinoWalletTransactions).where(eq(casinoWalletTransactions.transactionId, transactionId));
    return row;
  }

  /** The earlier answer for this transaction id, or undefined when it is new. */
  async function replayOf(transactionId: string, fingerprint: string): Promise<WalletMoveResult | undefined> {
    const row = await findTransaction(transactionId);
    if (!row) return undefined;
    if (row.fingerprint !== fingerprint) throw new AppError('IdempotencyKeyReused');
    return answer(row, true);
  }

  async function requirePlayerAndGame(userId: number, gameId: number): Promise<void> {
    const [player] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!player) throw new AppError('NotFound', 'No such player.');
    const [game] = await db.select({ id: casinoGames.id }).from(casinoGames).where(eq(casinoGames.id, gameId));
    if (!game) throw new AppError('GameNotFound');
  }

  async function roundOf(gameId: number, roundId: string) {
    const [round] = await db
      .select()
      .from(casinoBets)
      .where(and(eq(casinoBets.gameId, gameId), eq(casinoBets.roundId, roundId)));
    return round;
  }

  /** Writes the transaction row; true when this call wrote it (and so owns the bet-row update). */
  /** What every wallet transaction record takes from its request: ids, action, fingerprint. */
  function requestFields(
    input: { transactionId: string; userId: number; gameId: number; roundId: string },
    action: 'bet' | 'win' | 'rollback',
    fingerprint: string,
  ) {
    return { transactionId: input.transactionId, action, fingerprint, userId: input.userId, gameId: input.gameId, roundId: input.roundId };
  }

  async function record(
    executor: Parameters<Parameters<Database['transaction']>[0]>[0],
    row: typeof casinoWalletTransactions.$inferInsert,
  ): Promise<boolean> {
    const inserted = await executor
      .insert(casinoWalletTransactions)
      .values(row)
      // Any unique conflict: the same transaction id (a replay racing this call), or for a
      // rollback another rollback of the same bet.
      .onConflictDoNothing()
      .returning({ id: casinoWalletTransactions.id });
    return inserted.length > 0;
  }

  /** Reads back the row after a write that may have lost a race to an identical call. */
  async function stored(transactionId: string, fingerprint: string, replayed: boolean): Promise<WalletMoveResult> {
    const row = await findTransaction(transactionId);
    // Not written and not there: the conflict was another rollback of the same bet.
    if (!row) throw new AppError('BetAlreadyRolledBack');
    if (row.fingerprint !== fingerprint) throw new AppError('IdempotencyKeyReused');
    return answer(row, replayed);
  }

  return {
    async balance(userId, coin) {
      const [player] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!player) throw new AppError('NotFound', 'No such player.');
      return coinBalance(await ledger.balances(userId), coin);
    },

    async bet(input) {
      const amount = toHundredths(input.amount);
      const fingerprint = fingerprintOf({ action: 'bet', ...input, amount });
      const earlier = await replayOf(input.transactionId, fingerprint);
      if (earlier) return earlier;
      await requirePlayerAndGame(input.userId, input.gameId);
      // A rollback that arrived first cancels this bet before it happens.
      const [rolledBack] = await db
        .select({ id: casinoWalletTransactions.id })
        .from(casinoWalletTransactions)
        .where(eq(casinoWalletTransactions.rollsBackTransactionId, input.transactionId));
      if (rolledBack) throw new AppError('BetAlreadyRolledBack');
      const round = await roundOf(input.gameId, input.roundId);
      if (round && (round.userId !== input.userId || round.coin !== input.coin)) {
        throw new AppError('RoundMismatch');
      }
      if (round && round.status !== 'open') throw new AppError('RoundClosed');

      let moved: TransferResult;
      try {
        moved = await ledger.debitBet({
          userId: input.userId,
          coin: input.coin,
          amount,
          idempotencyKey: `wallet:bet:${input.transactionId}`,
          reference: `round:${input.gameId}:${input.roundId}`,
        });
      } catch (error) {
        if (error instanceof AppError && error.errorName === 'InsufficientBalance') {
          hooks.onInsufficientBalance(input.userId, input.coin);
        }
        throw error;
      }
      const now = new Date();
      const inserted = await db.transaction(async (tx) => {
        const wrote = await record(tx, {
          ...requestFields(input, 'bet', fingerprint),
          coin: input.coin,
          amount,
          ledgerTransferId: moved.transferId,
          balanceBefore: coinBalance(moved.balancesBefore, input.coin),
          balanceAfter: coinBalance(moved.balancesAfter, input.coin),
        });
        if (!wrote) return false;
        await tx
          .insert(casinoBets)
          .values({
            userId: input.userId,
            gameId: input.gameId,
            roundId: input.roundId,
            coin: input.coin,
            betAmount: amount,
            status: 'open',
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [casinoBets.gameId, casinoBets.roundId],
            set: { betAmount: sql`${casinoBets.betAmount} + ${amount}`, updatedAt: now },
          });
        await tx
          .insert(casinoRecentGames)
          .values({ userId: input.userId, gameId: input.gameId, lastPlayedAt: now })
          .onConflictDoUpdate({ target: [casinoRecentGames.userId, casinoRecentGames.gameId], set: { lastPlayedAt: now } });
        return true;
      });
      return stored(input.transactionId, fingerprint, !inserted || moved.replayed);
    },

    async win(input) {
      const amount = toHundredths(input.amount);
      const fingerprint = fingerprintOf({ action: 'win', ...input, amount });
      const earlier = await replayOf(input.transactionId, fingerprint);
      if (earlier) return earlier;
      await requirePlayerAndGame(input.userId, input.gameId);
      const round = await roundOf(input.gameId, input.roundId);
      // A win pays a round this player bet on, in the coin of that bet.
      if (!round) throw new AppError('BetNotFound');
      if (round.userId !== input.userId || round.coin !== input.coin) throw new AppError('RoundMismatch');
      if (round.status === 'rolled_back') throw new AppError('BetAlreadyRolledBack');

      let balanceBefore: number;
      let balanceAfter: number;
      let transferId: number | null = null;
      let replayed = false;
      if (amount > 0) {
        const moved = await ledger.creditWin({
          userId: input.userId,
          coin: input.coin,
          amount,
          idempotencyKey: `wallet:win:${input.transactionId}`,
          reference: `round:${input.gameId}:${input.roundId}`,
        });
        transferId = moved.transferId;
        replayed = moved.replayed;
        balanceBefore = coinBalance(moved.balancesBefore, input.coin);
        balanceAfter = coinBalance(moved.balancesAfter, input.coin);
      } else {
        // A losing round closes without a movement.
        balanceBefore = balanceAfter = coinBalance(await ledger.balances(input.userId), input.coin);
      }
      const now = new Date();
      const inserted = await db.transaction(async (tx) => {
        const wrote = await record(tx, {
          ...requestFields(input, 'win', fingerprint),
          coin: input.coin,
          amount,
          ledgerTransferId: transferId,
          balanceBefore,
          balanceAfter,
        });
        if (!wrote) return false;
        await tx
          .update(casinoBets)
          .set({
            winAmount: sql`${casinoBets.winAmount} + ${amount}`,
            status: 'settled',
            updatedAt: now,
            ...(amount > 0 ? { wonAt: now } : {}),
          })
          .where(eq(casinoBets.id, round.id));
        return true;
      });
      if (inserted && amount > 0) hooks.onWin();
      return stored(input.transactionId, fingerprint, !inserted || replayed);
    },

    async rollback(input) {
      const fingerprint = fingerprintOf({ action: 'rollback', ...input });
      const earlier = await replayOf(input.transactionId, fingerprint);
      if (earlier) return earlier;
      await requirePlayerAndGame(input.userId, input.gameId);
      const bet = await findTransaction(input.betTransactionId);
      if (bet && (bet.action !== 'bet' || bet.userId !== input.userId || bet.gameId !== input.gameId || bet.roundId !== input.roundId)) {
        throw new AppError('RoundMismatch');
      }
      const round = await roundOf(input.gameId, input.roundId);
      if (bet && round && round.status === 'settled') throw new AppError('RoundClosed');
      const [earlierRollback] = await db
        .select({ id: casinoWalletTransactions.id })
        .from(casinoWalletTransactions)
        .where(eq(casinoWalletTransactions.rollsBackTransactionId, input.betTransactionId));
      if (earlierRollback) throw new AppError('BetAlreadyRolledBack');

      if (!bet) {
        // The bet never arrived (or is still on its way): record the rollback, move nothing, and
        // the bet will be refused if it comes.
        const current = coinBalance(await ledger.balances(input.userId), round?.coin ?? 'SC');
        await db.transaction((tx) =>
          record(tx, {
            ...requestFields(input, 'rollback', fingerprint),
            coin: round?.coin ?? 'SC',
            amount: 0,
            rollsBackTransactionId: input.betTransactionId,
            ledgerTransferId: null,
            balanceBefore: current,
            balanceAfter: current,
          }),
        );
        return stored(input.transactionId, fingerprint, false);
      }

      const moved = await ledger.rollbackBet({
        userId: input.userId,
        betIdempotencyKey: `wallet:bet:${input.betTransactionId}`,
        idempotencyKey: `wallet:rollback:${input.transactionId}`,
        reference: `round:${input.gameId}:${input.roundId}`,
      });
      const now = new Date();
      const inserted = await db.transaction(async (tx) => {
        const wrote = await record(tx, {
          ...requestFields(input, 'rollback', fingerprint),
          coin: bet.coin,
          amount: bet.amount,
          rollsBackTransactionId: input.betTransactionId,
          ledgerTransferId: moved.transferId,
          balanceBefore: coinBalance(moved.balancesBefore, bet.coin),
          balanceAfter: coinBalance(moved.balancesAfter, bet.coin),
        });
        if (!wrote) return false;
        const remaining = sql`${casinoBets.betAmount} - ${bet.amount}`;
        await tx
          .update(casinoBets)
          .set({
            betAmount: remaining,
            status: sql`case when ${remaining} = 0 then 'rolled_back' else ${casinoBets.status} end`,
            updatedAt: now,
          })
          .where(and(eq(casinoBets.gameId, input.gameId), eq(casinoBets.roundId, input.roundId)));
        return true;
      });
      return stored(input.transactionId, fingerprint, !inserted || moved.replayed);
    },
  };
}
