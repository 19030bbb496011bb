import { fromHundredths, hundredths, type Hundredths } from '@casino/contracts/money';
import { responsiblePlayMessages, type LimitKind } from '@casino/contracts/responsible-play';
import { eq } from 'drizzle-orm';
import { statementRows, type Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { EventBus, UnitOfWork } from '../../events/event-bus.js';
import { AppError } from '../../http/errors.js';
import { fingerprintOf, refusalError } from '../ledger/ledger-service.js';
import type { Balances, Coin, LedgerService } from '../ledger/types.js';
import { exclusionMessage } from '../../kernel/responsible-play/enforcement.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { InstantRoundRow } from './instant-round-row.js';
import { createRoundGroups, type RoundGroupOptions } from './round-groups.js';
import { walletTally } from './wallet-metrics.js';

export type { InstantRoundRow } from './instant-round-row.js';

/**
 * The casino's side of the seamless wallet (docs/decisions/005 and
 * 064). A game server reports each bet, win and rollback with its own transaction id; this
 * service moves the coins through the ledger, keeps one bet row per round (bet history, live
 * winners) and answers the balance of the round's coin.
 *
 * Each call is one call of a database function (money/functions: wallet_bet, wallet_win,
 * wallet_rollback, wallet_bet_win) that locks the player's accounts first and then, under that
 * lock, makes every check that decides whether money moves (was this id seen? was this bet rolled
 * back, or this round settled? may this player bet?), moves the coins, writes the transaction
 * record, the round row and the domain event. On its own the call is a transaction of its own,
 * the player's lock held for that call only; a caller in this process (the in-house game server)
 * may pass its unit of work, and the call joins that transaction. So a bet and its rollback sent
 * at the same moment run one after the other, a failure anywhere leaves nothing half done, and a
 * rollback finds the bet's debit whenever it exists.
 *
 * A win is at most its game's limit times the round's bets (wallet_win_within_limit.sql and
 * wallet_plan_round.sql, docs/decisions/058-win-limits.md): above it the function refuses the call whole, with
 * nothing paid and no bet taken by it, and commits the refused win's record and a money alert.
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
/** An instant game's round: its bet and its win (zero for a loss) in one call. */
export type WalletBetWin = WalletBet & { winTransactionId: string; winAmount: Hundredths };

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
  /** `within`: the caller's unit of work to join (in process only); otherwise a transaction of its own. */
  bet(input: WalletBet, within?: UnitOfWork): Promise<WalletMove>;
  win(input: WalletWin, within?: UnitOfWork): Promise<WalletMove>;
  rollback(input: WalletRollback, within?: UnitOfWork): Promise<WalletMove>;
  /**
   * `within` may also be the in-house game server's round, whose row the wallet writes in the
   * call's own statement (in process only; instant-round-row.ts).
   */
  betAndWin(input: WalletBetWin, within?: UnitOfWork | InstantRoundRow): Promise<{ bet: WalletMove; win: WalletMove }>;
}

/** Told the player's balances right after a call committed (the wallet socket's fast path). */
export type BalanceNotifier = (userId: number, balances: Balances) => void;

/** What the wallet tells the sockets right after a call committed. */
export interface WalletNotifications {
  /** The player's balances after a call that changed them. */
  balance?: BalanceNotifier;
  /**
   * A GC round paid a win: it writes no event for the live winners list to hear of it
   * (wallet_write_planned_rounds.sql), so the list is told here. An SC round's win reaches it by its WinPaid event.
   */
  winPaid?: () => void;
  /** A win above its game's limit was refused; its record and money alert committed (wallet_win_limit_refusal.sql). */
  winRefused?: (refused: RefusedWin) => void;
}

/** A win the wallet refused for being above its game's limit, amounts in hundredths. */
export interface RefusedWin {
  userId: number;
  gameId: number;
  roundId: string;
  coin: Coin;
  bet: Hundredths;
  win: Hundredths;
  maxWin: Hundredths;
  maxWinMultiplier: number;
  /** Its record for the money desk; null when a repeat of a call refused before recorded nothing more. */
  refusedWinId: number | null;
}

export function coinBalance(balances: Balances, coin: Coin): Hundredths {
  return hundredths(coin === 'GC' ? balances.gc : balances.bsc + balances.psc + balances.wsc);
}

/** The ledger key of a wallet movement, derived from the game server's transaction id. */
export function walletLedgerKey(action: Action, transactionId: string): string {
  return `wallet:${action}:${transactionId}`;
}

type Action = 'bet' | 'win' | 'rollback';

/** What a wallet function answers: a move, or a refusal by name. */
interface MoveAnswer {
  transactionId: string;
  coin: Coin;
  balanceBefore: number;
  balance: number;
  replayed: boolean;
  events: number[];
  /** The player's balances after the call, when it changed them. */
  balances: Balances | null;
}
interface RefusalAnswer {
  error: string;
  message?: string;
  coin?: Coin;
  kind?: string;
  until?: string | null;
  limitAmount?: number;
  remaining?: number;
  events?: number[];
  // A win above its game's limit (WinAboveLimit): what was asked and the limit. Not `bet` and
  // `win`, which name a round's two answers.
  userId?: number;
  gameId?: number;
  roundId?: string;
  betAmount?: number;
  winAmount?: number;
  maxWin?: number;
  maxWinMultiplier?: number;
  refusedWinId?: number | null;
}
type Answer = MoveAnswer | RefusalAnswer | { bet: MoveAnswer; win: MoveAnswer };

// Each wallet call is one statement whose text never changes (db/client.ts statementRows).
const WALLET_BET = 'select wallet_bet($1, $2, $3, $4, $5, $6, $7, $8::bigint) as answer';
const WALLET_WIN = 'select wallet_win($1, $2, $3, $4, $5, $6, $7, $8::bigint) as answer';
const WALLET_ROLLBACK = 'select wallet_rollback($1, $2, $3, $4, $5, $6, $7) as answer';
const WALLET_BET_WIN = 'select wallet_bet_win($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::bigint, $12::bigint) as answer';

function walletFingerprint(action: Action, request: object): string {
  return fingerprintOf({ action, ...request });
}

/** A bet's or a win's first values for its wallet function: its transaction id, the wallet's and the ledger's fingerprints. */
function transactionValues(action: 'bet' | 'win', move: WalletBet | WalletWin): unknown[] {
  const operation = action === 'bet' ? 'debitBet' : 'creditWin';
  const reference = `round:${move.gameId}:${move.roundId}`;
  const ledgerRequest = { operation, userId: move.userId, coin: move.coin, amount: move.amount, reference };
  return [move.transactionId, walletFingerprint(action, move), fingerprintOf(ledgerRequest)];
}

/** The round a wallet function's call is about: player, game, round and coin. */
function roundValues(move: WalletBet): unknown[] {
  return [move.userId, move.gameId, move.roundId, move.coin];
}

function move(answer: MoveAnswer): WalletMove {
  return {
    transactionId: answer.transactionId,
    coin: answer.coin,
    balanceBefore: hundredths(Number(answer.balanceBefore)),
    balance: hundredths(Number(answer.balance)),
    replayed: answer.replayed,
  };
}

function refusedWin(answer: RefusalAnswer): RefusedWin {
  return {
    userId: Number(answer.userId),
    gameId: Number(answer.gameId),
    roundId: String(answer.roundId),
    coin: answer.coin ?? 'GC',
    bet: hundredths(Number(answer.betAmount)),
    win: hundredths(Number(answer.winAmount)),
    maxWin: hundredths(Number(answer.maxWin)),
    maxWinMultiplier: Number(answer.maxWinMultiplier),
    refusedWinId: answer.refusedWinId == null ? null : Number(answer.refusedWinId),
  };
}

/** The API error a refusal of a wallet function stands for, with the seed's words. */
function refusal(answer: RefusalAnswer): AppError {
  switch (answer.error) {
    case 'GameNotFound':
    case 'BetAlreadyRolledBack':
    case 'RoundMismatch':
    case 'RoundClosed':
    case 'BetNotFound':
      return new AppError(answer.error);
    case 'PlayerExcluded': {
      const kind = answer.kind as 'time_break' | 'self_exclusion';
      const endsAt = answer.until ? new Date(answer.until) : null;
      return new AppError('PlayerExcluded', exclusionMessage({ kind, endsAt }), { kind, until: endsAt?.toISOString() ?? null });
    }
    case 'WinAboveLimit': {
      const refused = refusedWin(answer);
      return new AppError('WinAboveLimit', undefined, {
        gameId: refused.gameId,
        roundId: refused.roundId,
        coin: refused.coin,
        bet: fromHundredths(refused.bet),
        win: fromHundredths(refused.win),
        maxWin: fromHundredths(refused.maxWin),
        maxWinMultiplier: refused.maxWinMultiplier,
      });
    }
    case 'BetLimitReached': {
      const kind = answer.kind as LimitKind;
      const remaining = hundredths(Number(answer.remaining));
      return new AppError('BetLimitReached', responsiblePlayMessages.betLimitReached(kind, (remaining / 100).toFixed(2)), {
        limitType: kind,
        limitAmount: Number(answer.limitAmount) / 100,
        remaining: remaining / 100,
      });
    }
    default:
      return refusalError({
        error: answer.error,
        ...(answer.message ? { message: answer.message } : {}),
        ...(answer.coin ? { coin: answer.coin } : {}),
      });
  }
}

export function createWalletApiService(
  db: Database,
  bus: EventBus,
  ledger: LedgerService,
  notify: WalletNotifications = {},
  options: RoundGroupOptions = {},
): WalletApiService {
  /**
   * A wallet call on its own: a unique-key race (the same transaction id sent for two players at
   * once, no common lock) is answered by calling again, and the retry finds the winner's row.
   */
  async function retriedOnKeyRace<T>(play: () => Promise<T>): Promise<T> {
    try {
      return await play();
    } catch (error) {
      if (!isWalletKeyViolation(error)) throw error;
      return play();
    }
  }
  /** The game server's rounds, with their rows, go in groups (round-groups.ts). */
  const roundGroups = createRoundGroups<Answer>(db, retriedOnKeyRace, options);

  /**
   * Runs one wallet function for a player: in the caller's unit of work (its events are delivered
   * and the socket told after that transaction commits), or in a statement of its own (the game
   * server's round with its row: in a group's) followed by both.
   */
  async function call(
    userId: number,
    statement: string,
    values: unknown[],
    joined: UnitOfWork | InstantRoundRow | undefined,
    /** Counts the committed call for the metrics (wallet-metrics.ts). */
    tally: (answer: Answer) => void = () => undefined,
  ): Promise<Answer> {
    const within = joined && 'tx' in joined ? joined : undefined;
    const row = joined && !('tx' in joined) ? joined : undefined;
    const run = async (executor: Database | UnitOfWork['tx']) =>
      (await statementRows<{ answer: Answer }>(executor, statement, values))[0]!.answer;
    let answer: Answer;
    if (within) answer = await run(within.tx);
    else if (row && statement === WALLET_BET_WIN) answer = await roundGroups.play({ values, row });
    else if (row) throw new Error("Only a round (wallet_bet_win) writes the game server's round row");
    else answer = await retriedOnKeyRace(() => run(db));
    const moves = 'bet' in answer ? [answer.bet, answer.win] : 'error' in answer ? [] : [answer];
    const events = 'bet' in answer ? [...answer.bet.events, ...answer.win.events] : (answer.events ?? []);
    const balances = moves
      .map((one) => one.balances)
      .filter((one) => one !== null)
      .at(-1);
    // A round that paid a win and wrote no event for it (a new GC round).
    const wonWithoutEvent =
      'bet' in answer &&
      !answer.win.replayed &&
      answer.win.events.length === 0 &&
      Number(answer.win.balance) > Number(answer.win.balanceBefore);
    const refused = 'error' in answer && answer.error === 'WinAboveLimit' ? refusedWin(answer) : null;
    if ('error' in answer) walletTally.refused(answer.error);
    const committed = () => {
      tally(answer);
      if (balances) notify.balance?.(userId, balances);
      if (wonWithoutEvent) notify.winPaid?.();
      if (refused) notify.winRefused?.(refused);
    };
    if (within) {
      within.adopt(events.map(Number));
      within.afterCommit(committed);
    } else {
      committed();
      // An in-house round answers as soon as it committed: its player already has the balance
      // (above), and what an SC round's events feed (VIP progress, recently played, play totals,
      // live winners, the balance read back) follows within a delivery's time; a GC round wrote
      // its rows itself and has no events (wallet_write_planned_rounds.sql). Waiting for it made the round's
      // delivery half of its cost: a player waiting is a round not joining the next delivery
      // (docs/decisions/065-game-round-speed.md). Other wallet calls still wait.
      await bus.deliver(events.map(Number), { wait: !row });
    }
    return answer;
  }

  function single(answer: Answer): WalletMove {
    if ('error' in answer) throw refusal(answer);
    if ('bet' in answer) throw new Error('A single wallet call answered a round');
    return move(answer);
  }

  return {
    async balance(userId, coin) {
      const [player] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!player) throw new AppError('NotFound', 'No such player.');
      return coinBalance(await ledger.balances(userId), coin);
    },

    async bet(input, within) {
      const values = [...transactionValues('bet', input), ...roundValues(input), input.amount];
      return single(
        await call(
          input.userId,
          WALLET_BET,
          values,
          within,
          firstTime(() => walletTally.bet(input.coin, input.amount)),
        ),
      );
    },

    async win(input, within) {
      const values = [...transactionValues('win', input), ...roundValues(input), input.amount];
      return single(
        await call(
          input.userId,
          WALLET_WIN,
          values,
          within,
          firstTime(() => walletTally.win(input.coin, input.amount)),
        ),
      );
    },

    async rollback(input, within) {
      const reference = `round:${input.gameId}:${input.roundId}`;
      const values = [
        input.transactionId,
        walletFingerprint('rollback', input),
        fingerprintOf({
          operation: 'rollbackBet',
          userId: input.userId,
          betIdempotencyKey: walletLedgerKey('bet', input.betTransactionId),
          reference,
        }),
        input.userId,
        input.gameId,
        input.roundId,
        input.betTransactionId,
      ];
      return single(
        await call(
          input.userId,
          WALLET_ROLLBACK,
          values,
          within,
          firstTime(() => walletTally.rollback()),
        ),
      );
    },

    async betAndWin(input, within) {
      const bet: WalletBet = {
        transactionId: input.transactionId,
        userId: input.userId,
        gameId: input.gameId,
        roundId: input.roundId,
        coin: input.coin,
        amount: input.amount,
      };
      const win: WalletWin = { ...bet, transactionId: input.winTransactionId, amount: input.winAmount };
      const values = [
        ...transactionValues('bet', bet),
        ...transactionValues('win', win),
        ...roundValues(input),
        input.amount,
        input.winAmount,
      ];
      const answer = await call(input.userId, WALLET_BET_WIN, values, within, (round) => {
        if (!('bet' in round) || round.bet.replayed) return;
        walletTally.bet(input.coin, input.amount);
        walletTally.win(input.coin, input.winAmount);
      });
      if ('error' in answer) throw refusal(answer);
      if (!('bet' in answer)) throw new Error('A round call answered a single move');
      return { bet: move(answer.bet), win: move(answer.win) };
    },
  };
}

/**
 * A unique violation of the wallet's own keys (the same transaction id, or a second rollback of
 * one bet, sent for two players at once), however the driver or Drizzle wrapped it.
 */
const WALLET_KEYS = ['casino_wallet_transactions_transaction_id_key', 'casino_wallet_transactions_rollback_key'];
/** A tally of a single move's first call (not a refusal, not a replay). */
function firstTime(tally: () => void): (answer: Answer) => void {
  return (answer) => {
    if (!('error' in answer) && !('bet' in answer) && !answer.replayed) tally();
  };
}

function isWalletKeyViolation(error: unknown): boolean {
  return isUniqueViolation(error, WALLET_KEYS);
}
