import { createHash } from 'node:crypto';
import { hundredths, type Hundredths } from '@casino/contracts/money';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { casinoBets, casinoGames, casinoWalletTransactions, users } from '../../db/schema/index.js';
import type { EventBus, UnitOfWork } from '../../events/event-bus.js';
import { AppError } from '../../http/errors.js';
import type { Balances, Coin, LedgerService } from '../../ledger/types.js';
import { assertBetAllowed, recordBet, recordBetRollback } from '../../modules/responsible-play/enforcement.js';

/**
 * The casino's side of the seamless wallet (issue 5 point 5, issue 9 point 1). A game server
 * reports each bet, win and rollback with its own transaction id; this service moves the coins
 * through the ledger, keeps one bet row per round (bet history, live winners) and answers the
 * balance of the round's coin.
 *
 * Each call is one database transaction (events/event-bus.ts) that starts by locking the
 * player's accounts. Every check that decides whether money moves (was this id seen? was this bet
 * rolled back, or this round settled?) is made under that lock, and the movement, the transaction
 * record, the bet row and the domain event commit together or not at all. So a bet and its
 * rollback sent at the same moment run one after the other, a failure anywhere leaves nothing
 * half done, and a rollback finds the bet's debit whenever it exists.
 *
 * Amounts are hundredths here; the routes convert the wire's decimals at the edge.
 */
export interface WalletRound {
  transactionId: string;
  userId: number;
  gameId: number;
  roundId: string;
}

export type WalletBet = WalletRound & { coin: Coin; amount: Hundredths };
export type WalletWin = WalletRound & { coin: Coin; amount: Hundredths };
export type WalletRollback = WalletRound & { betTransactionId: string };

export interface WalletMove {
  transactionId: string;
  coin: Coin;
  balanceBefore: Hundredths;
  balance: Hundredths;
  /** True when this answer repeats an earlier call with the same transaction id. */
  replayed: boolean;
}

export interface WalletApiService {
  balance(userId: number, coin: Coin): Promise<Hundredths>;
  bet(input: WalletBet): Promise<WalletMove>;
  win(input: WalletWin): Promise<WalletMove>;
  rollback(input: WalletRollback): Promise<WalletMove>;
}

type TransactionRow = typeof casinoWalletTransactions.$inferSelect;
type Action = 'bet' | 'win' | 'rollback';

export function coinBalance(balances: Balances, coin: Coin): Hundredths {
  return hundredths(coin === 'GC' ? balances.gc : balances.bsc + balances.psc + balances.wsc);
}

/** The ledger key of a wallet movement, derived from the game server's transaction id. */
export function walletLedgerKey(action: Action, transactionId: string): string {
  return `wallet:${action}:${transactionId}`;
}

function fingerprintOf(action: Action, request: object): string {
  const entries = Object.entries({ action, ...request }).sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex');
}

function answer(row: TransactionRow, replayed: boolean): WalletMove {
  return {
    transactionId: row.transactionId,
    coin: row.coin,
    balanceBefore: hundredths(row.balanceBefore),
    balance: hundredths(row.balanceAfter),
    replayed,
  };
}

/** A refusal decided inside the transaction, answered after its commit (its event is kept). */
class Refused {
  constructor(readonly error: AppError) {}
}

export function createWalletApiService(db: Database, bus: EventBus, ledger: LedgerService): WalletApiService {
  async function findTransaction(tx: Transaction, transactionId: string): Promise<TransactionRow | undefined> {
    const [row] = await tx.select().from(casinoWalletTransactions).where(eq(casinoWalletTransactions.transactionId, transactionId));
    return row;
  }

  async function roundOf(tx: Transaction, gameId: number, roundId: string) {
    const [round] = await tx
      .select()
      .from(casinoBets)
      .where(and(eq(casinoBets.gameId, gameId), eq(casinoBets.roundId, roundId)));
    return round;
  }

  async function rollbackOf(tx: Transaction, betTransactionId: string) {
    const [row] = await tx
      .select({ id: casinoWalletTransactions.id })
      .from(casinoWalletTransactions)
      .where(eq(casinoWalletTransactions.rollsBackTransactionId, betTransactionId));
    return row;
  }

  /**
   * One wallet call: lock the player, answer a repeated transaction id with its first answer,
   * otherwise run `act`. A retry after a unique-key race (the same transaction id sent for two
   * players at once) finds the winner's row and answers as a repeat.
   */
  async function call(
    action: Action,
    input: WalletRound,
    request: object,
    act: (uow: UnitOfWork, fingerprint: string) => Promise<WalletMove | Refused>,
  ) {
    const fingerprint = fingerprintOf(action, request);
    const attempt = () =>
      bus.run(async (uow) => {
        await ledger.lockPlayer(uow.tx, input.userId);
        const earlier = await findTransaction(uow.tx, input.transactionId);
        if (earlier) {
          if (earlier.fingerprint !== fingerprint) throw new AppError('IdempotencyKeyReused');
          return answer(earlier, true);
        }
        const [game] = await uow.tx.select({ id: casinoGames.id }).from(casinoGames).where(eq(casinoGames.id, input.gameId));
        if (!game) throw new AppError('GameNotFound');
        return act(uow, fingerprint);
      });
    let outcome: WalletMove | Refused;
    try {
      outcome = await attempt();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      outcome = await attempt();
    }
    if (outcome instanceof Refused) throw outcome.error;
    return outcome;
  }

  async function record(tx: Transaction, row: typeof casinoWalletTransactions.$inferInsert): Promise<TransactionRow> {
    const [inserted] = await tx.insert(casinoWalletTransactions).values(row).returning();
    return inserted!;
  }

  return {
    async balance(userId, coin) {
      const [player] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!player) throw new AppError('NotFound', 'No such player.');
      return coinBalance(await ledger.balances(userId), coin);
    },

    bet(input) {
      return call('bet', input, input, async ({ tx, record: publish }, fingerprint) => {
        // A rollback that arrived first cancels this bet before it happens.
        if (await rollbackOf(tx, input.transactionId)) throw new AppError('BetAlreadyRolledBack');
        const round = await roundOf(tx, input.gameId, input.roundId);
        if (round && (round.userId !== input.userId || round.coin !== input.coin)) throw new AppError('RoundMismatch');
        if (round && round.status !== 'open') throw new AppError('RoundClosed');
        // Responsible play (issue 14): no bet during a time break or self-exclusion, no SC bet
        // past a bet limit; decided under the player's lock on totals written in this same way.
        await assertBetAllowed(tx, input.userId, input.coin, input.amount);

        let moved;
        try {
          moved = await ledger.debitBet(tx, {
            userId: input.userId,
            coin: input.coin,
            amount: input.amount,
            idempotencyKey: walletLedgerKey('bet', input.transactionId),
            reference: `round:${input.gameId}:${input.roundId}`,
          });
        } catch (error) {
          if (!(error instanceof AppError && error.errorName === 'InsufficientBalance')) throw error;
          // The refusal commits its event (the player's pages are told) and nothing else.
          await publish({ type: 'BetRefused', payload: { userId: input.userId, coin: input.coin } });
          return new Refused(error);
        }
        const now = new Date();
        await recordBet(tx, input.userId, input.coin, input.amount, now);
        const row = await record(tx, {
          ...requestFields(input, 'bet', fingerprint),
          coin: input.coin,
          amount: input.amount,
          ledgerTransferId: moved.transferId,
          balanceBefore: coinBalance(moved.balancesBefore, input.coin),
          balanceAfter: coinBalance(moved.balancesAfter, input.coin),
        });
        await tx
          .insert(casinoBets)
          .values({
            userId: input.userId,
            gameId: input.gameId,
            roundId: input.roundId,
            coin: input.coin,
            betAmount: input.amount,
            status: 'open',
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [casinoBets.gameId, casinoBets.roundId],
            set: { betAmount: sql`${casinoBets.betAmount} + ${input.amount}`, updatedAt: now },
          });
        await publish({
          type: 'BetPlaced',
          payload: { ...roundOfInput(input), coin: input.coin, amount: input.amount, transferId: moved.transferId },
        });
        return answer(row, false);
      });
    },

    win(input) {
      return call('win', input, input, async ({ tx, record: publish }, fingerprint) => {
        const round = await roundOf(tx, input.gameId, input.roundId);
        // A win pays a round this player bet on, in the coin of that bet, once.
        if (!round) throw new AppError('BetNotFound');
        if (round.userId !== input.userId || round.coin !== input.coin) throw new AppError('RoundMismatch');
        if (round.status === 'rolled_back') throw new AppError('BetAlreadyRolledBack');
        if (round.status === 'settled') throw new AppError('RoundClosed');

        let transferId: number | null = null;
        let balanceBefore: Hundredths;
        let balanceAfter: Hundredths;
        if (input.amount > 0) {
          const moved = await ledger.creditWin(tx, {
            userId: input.userId,
            coin: input.coin,
            amount: input.amount,
            idempotencyKey: walletLedgerKey('win', input.transactionId),
            reference: `round:${input.gameId}:${input.roundId}`,
          });
          transferId = moved.transferId;
          balanceBefore = coinBalance(moved.balancesBefore, input.coin);
          balanceAfter = coinBalance(moved.balancesAfter, input.coin);
        } else {
          // A losing round closes without a movement.
          balanceBefore = balanceAfter = coinBalance(await ledger.balances(input.userId, tx), input.coin);
        }
        const now = new Date();
        const row = await record(tx, {
          ...requestFields(input, 'win', fingerprint),
          coin: input.coin,
          amount: input.amount,
          ledgerTransferId: transferId,
          balanceBefore,
          balanceAfter,
        });
        await tx
          .update(casinoBets)
          .set({ winAmount: input.amount, status: 'settled', updatedAt: now, ...(input.amount > 0 ? { wonAt: now } : {}) })
          .where(eq(casinoBets.id, round.id));
        await publish({ type: 'WinPaid', payload: { ...roundOfInput(input), coin: input.coin, amount: input.amount, transferId } });
        return answer(row, false);
      });
    },

    rollback(input) {
      return call('rollback', input, input, async ({ tx, record: publish }, fingerprint) => {
        const bet = await findTransaction(tx, input.betTransactionId);
        if (bet && (bet.action !== 'bet' || bet.userId !== input.userId || bet.gameId !== input.gameId || bet.roundId !== input.roundId)) {
          throw new AppError('RoundMismatch');
        }
        const round = await roundOf(tx, input.gameId, input.roundId);
        if (round && round.userId !== input.userId) throw new AppError('RoundMismatch');
        if (bet && round?.status === 'settled') throw new AppError('RoundClosed');
        if (await rollbackOf(tx, input.betTransactionId)) throw new AppError('BetAlreadyRolledBack');

        const coin = bet?.coin ?? round?.coin ?? 'SC';
        if (!bet) {
          // The bet never arrived (or is still on its way): record the rollback, move nothing, and
          // the bet is refused if it comes (both decided under the player's lock).
          const current = coinBalance(await ledger.balances(input.userId, tx), coin);
          const row = await record(tx, {
            ...requestFields(input, 'rollback', fingerprint),
            coin,
            amount: 0,
            rollsBackTransactionId: input.betTransactionId,
            ledgerTransferId: null,
            balanceBefore: current,
            balanceAfter: current,
          });
          await publish({ type: 'BetRolledBack', payload: { ...roundOfInput(input), coin, amount: 0, transferId: null } });
          return answer(row, false);
        }

        // The bet's debit is in the ledger whenever its record is: reverse exactly that transfer.
        const moved = await ledger.rollbackBet(tx, {
          userId: input.userId,
          betIdempotencyKey: walletLedgerKey('bet', input.betTransactionId),
          idempotencyKey: walletLedgerKey('rollback', input.transactionId),
          reference: `round:${input.gameId}:${input.roundId}`,
        });
        await recordBetRollback(tx, input.userId, coin, bet.amount, bet.createdAt);
        const row = await record(tx, {
          ...requestFields(input, 'rollback', fingerprint),
          coin,
          amount: bet.amount,
          rollsBackTransactionId: input.betTransactionId,
          ledgerTransferId: moved.transferId,
          balanceBefore: coinBalance(moved.balancesBefore, coin),
          balanceAfter: coinBalance(moved.balancesAfter, coin),
        });
        const remaining = sql`${casinoBets.betAmount} - ${bet.amount}`;
        await tx
          .update(casinoBets)
          .set({
            betAmount: remaining,
            status: sql`case when ${remaining} = 0 then 'rolled_back' else ${casinoBets.status} end`,
            updatedAt: new Date(),
          })
          .where(and(eq(casinoBets.gameId, input.gameId), eq(casinoBets.roundId, input.roundId)));
        await publish({
          type: 'BetRolledBack',
          payload: { ...roundOfInput(input), coin, amount: hundredths(bet.amount), transferId: moved.transferId },
        });
        return answer(row, false);
      });
    },
  };
}

/** What every wallet transaction record takes from its request: ids, action, fingerprint. */
function requestFields(input: WalletRound, action: Action, fingerprint: string) {
  return { transactionId: input.transactionId, action, fingerprint, userId: input.userId, gameId: input.gameId, roundId: input.roundId };
}

function roundOfInput(input: WalletRound) {
  return { userId: input.userId, gameId: input.gameId, roundId: input.roundId };
}

/**
 * A unique violation of the wallet's own keys (the same transaction id, or a second rollback of
 * one bet, sent for two players at once), however the driver or Drizzle wrapped it.
 */
const WALLET_KEYS = ['casino_wallet_transactions_transaction_id_key', 'casino_wallet_transactions_rollback_key'];
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return WALLET_KEYS.some(
        (key) => candidate.constraint === key || (typeof candidate.message === 'string' && candidate.message.includes(key)),
      );
    }
    current = candidate.cause;
  }
  return false;
}
