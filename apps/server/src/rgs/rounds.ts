import { fromHundredths, hundredths, toHundredths, type Hundredths } from '@casino/contracts/money';
import type { RoundOutcome, RoundResult } from '@casino/contracts/rgs';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import type { EventBus } from '../events/event-bus.js';
import { rgsRounds } from '../db/schema/index.js';
import { AppError } from '../http/errors.js';
import { cryptoRng, playScratch, spinSlot, type ScratchOutcome, type SlotOutcome } from './math/index.js';
import type { GameSession } from './sessions.js';
import { WalletRefusal, type WalletClient } from './wallet-client.js';

/**
 * Rounds of the in-house game server (issue 5 points 3-5, issue 17 point 2). Slots and scratch
 * cards are instant games: the outcome is drawn from the cryptographic RNG, from the title's math
 * alone (the engines never see a balance), before the bet is taken. Then one transaction (a unit
 * of work the wallet call joins, in process) takes the bet and pays the win (zero for a loss
 * closes the round) through the seamless wallet's bet-and-win call, and writes the round once,
 * settled, with its outcome and the balances before and after; its events are delivered after
 * the commit in a second transaction. A refusal (funds, limits, a break) keeps the round as
 * refused and shows nothing; a failure anywhere commits nothing, so no bet is taken without its
 * round and its win. The round row's (session, request) key makes a repeated request roll back
 * whole and answer with the round played first.
 *
 * Rounds played before this path (or by a game server over HTTP, bet and win apart) can be left
 * open by a crash: pending (the bet may or may not have been taken) or bet_placed (the win not
 * confirmed). The recovery job (`recoverOpenRounds`) rolls pending ones back, which refunds a
 * taken bet and blocks one still on its way, and pays the stored outcome of bet_placed ones.
 */
export interface RoundService {
  play(session: GameSession, input: { bet: number; requestId: string }): Promise<RoundResult>;
  /** A round of this session's player, as it was played (recall). */
  recall(session: GameSession, roundId: number): Promise<RoundResult>;
  /**
   * Finishes the rounds a crash or a failed call left open for more than `olderThanSeconds`:
   * pending ones are rolled back (status cancelled), bet_placed ones are paid their stored
   * outcome (settled). Answers how many rounds it finished.
   */
  recoverOpenRounds(olderThanSeconds: number): Promise<number>;
}

type RoundRow = typeof rgsRounds.$inferSelect;
type StoredOutcome = SlotOutcome | ScratchOutcome;

const NOTHING_CHARGED = 'The game could not take your bet. Nothing was charged; please try again.';

const betTransaction = (roundId: number) => `rgs-${roundId}-bet`;
const winTransaction = (roundId: number) => `rgs-${roundId}-win`;
const rollbackTransaction = (roundId: number) => `rgs-${roundId}-rollback`;

/** The stored outcome as the game page reads it: amounts in decimals, engine internals left out. */
export function outcomeForWire(outcome: StoredOutcome): RoundOutcome {
  if (outcome.kind === 'slot') {
    return {
      kind: 'slot',
      stops: [...outcome.stops],
      grid: outcome.grid.map((row) => [...row]),
      lineWins: outcome.lineWins.map((win) => ({
        line: win.line,
        symbol: win.symbol,
        count: win.count,
        positions: win.positions.map((position) => ({ ...position })),
        multiplier: win.multiplier,
        amount: fromHundredths(win.amount),
      })),
      scatterWin: outcome.scatterWin
        ? {
            count: outcome.scatterWin.count,
            positions: outcome.scatterWin.positions.map((position) => ({ ...position })),
            multiplier: outcome.scatterWin.multiplier,
            amount: fromHundredths(outcome.scatterWin.amount),
          }
        : null,
    };
  }
  return {
    kind: 'scratch',
    cells: [...outcome.cells],
    winningSymbol: outcome.winningSymbol,
    winningCells: [...outcome.winningCells],
    multiplier: outcome.multiplier,
  };
}

function resultOf(row: RoundRow): RoundResult {
  if (row.status !== 'settled' || !row.outcome || row.balanceBefore === null || row.balanceAfter === null) {
    throw new AppError('RoundInProgress');
  }
  return settledRound({ ...row, outcome: row.outcome as StoredOutcome, balanceBefore: row.balanceBefore, balanceAfter: row.balanceAfter });
}

/** A settled round as the game page reads it (amounts in hundredths in, decimals out). */
function settledRound(round: {
  id: number;
  coin: RoundResult['coin'];
  bet: number;
  win: number;
  balanceBefore: number;
  balanceAfter: number;
  outcome: StoredOutcome;
  createdAt: Date;
}): RoundResult {
  return {
    roundId: round.id,
    coin: round.coin,
    bet: fromHundredths(round.bet),
    win: fromHundredths(round.win),
    balanceBefore: fromHundredths(round.balanceBefore),
    balanceAfter: fromHundredths(round.balanceAfter),
    outcome: outcomeForWire(round.outcome),
    createdAt: round.createdAt.toISOString(),
  };
}

/** Thrown inside a round's transaction when its request was played before: rolls back what the call did. */
class PlayedBefore extends Error {}

/** Ids this process may give new rounds: drawn from rgs_rounds' own sequence, a block per query. */
export function roundIdSource(db: Database, blockSize = 100): () => Promise<number> {
  const ids: number[] = [];
  let refill: Promise<void> | null = null;
  return async function nextRoundId() {
    while (ids.length === 0) {
      refill ??= queryRows<{ id: number | string }>(
        db,
        sql`select nextval(pg_get_serial_sequence('rgs_rounds', 'id')) as id from generate_series(1, ${blockSize})`,
      )
        .then((rows) => void ids.push(...rows.map((row) => Number(row.id))))
        .finally(() => {
          refill = null;
        });
      await refill;
    }
    return ids.shift()!;
  };
}

export function createRoundService(
  db: Database,
  bus: EventBus,
  wallet: WalletClient,
  log: { error: (object: unknown, message: string) => void },
): RoundService {
  const nextRoundId = roundIdSource(db);
  /** Sends the win of a round whose bet was taken and outcome drawn, and settles it. */
  async function settle(row: RoundRow): Promise<RoundRow> {
    const paid = await wallet.win({
      transactionId: winTransaction(row.id),
      userId: row.userId,
      gameId: row.casinoGameId,
      roundId: String(row.id),
      coin: row.coin,
      amount: hundredths(row.win),
    });
    const [settled] = await db
      .update(rgsRounds)
      .set({ status: 'settled', balanceAfter: paid.balance, settledAt: new Date() })
      .where(eq(rgsRounds.id, row.id))
      .returning();
    return settled ?? row;
  }

  /**
   * Rolls back the round's bet (refunding it if it was taken, blocking it if it is still on its
   * way) and marks the round cancelled.
   */
  async function cancel(row: RoundRow): Promise<void> {
    await wallet.rollback({
      userId: row.userId,
      gameId: row.casinoGameId,
      roundId: String(row.id),
      transactionId: rollbackTransaction(row.id),
      betTransactionId: betTransaction(row.id),
    });
    await db
      .update(rgsRounds)
      .set({ status: 'cancelled' })
      .where(and(eq(rgsRounds.id, row.id), eq(rgsRounds.status, 'pending')));
  }

  /** The answer to a request whose round was played before: that round as stored. */
  async function playedBefore(session: GameSession, requestId: string): Promise<RoundResult> {
    const [existing] = await db
      .select()
      .from(rgsRounds)
      .where(and(eq(rgsRounds.sessionId, session.id), eq(rgsRounds.requestId, requestId)));
    if (!existing || existing.status === 'pending') throw new AppError('RoundInProgress');
    if (existing.status === 'refused') throw new AppError('InsufficientBalance');
    if (existing.status === 'cancelled') throw new AppError('ServiceUnavailable', NOTHING_CHARGED);
    return resultOf(existing.status === 'bet_placed' ? await settle(existing) : existing);
  }

  return {
    async play(session, input) {
      const { title } = session;
      let bet: Hundredths;
      try {
        bet = toHundredths(input.bet);
      } catch {
        throw new AppError('InvalidBetAmount');
      }
      if (!title.betSteps.includes(bet)) {
        throw new AppError('InvalidBetAmount', undefined, { allowed: title.betSteps.map(fromHundredths) });
      }

      // The outcome depends on the title's math, the bet and the RNG: nothing else. It is drawn
      // before the bet is taken and shown only once the round is paid; a round that is refused or
      // fails is never shown, and a repeated request answers the round it played first.
      const outcome: StoredOutcome = title.kind === 'slot' ? spinSlot(title, bet, cryptoRng) : playScratch(title, bet, cryptoRng);
      // The round's id comes first (from a block of ids this process holds), so that its bet and
      // win carry it and the round row is written once, after the wallet answered, settled or
      // refused. A request played before finds its row taken: the transaction, with the bet the
      // wallet just took again, rolls back whole and the stored round is the answer.
      const roundId = await nextRoundId();
      const round = {
        id: roundId,
        sessionId: session.id,
        requestId: input.requestId,
        userId: session.userId,
        casinoGameId: session.casinoGameId,
        titleId: title.id,
        profileId: title.profile.id,
        coin: session.coin,
        bet,
        outcome,
        win: outcome.totalWin,
      };
      let played: RoundResult | WalletRefusal;
      try {
        played = await bus.run(async (uow) => {
          let answer: RoundResult | WalletRefusal;
          let row: typeof rgsRounds.$inferInsert;
          try {
            const paid = await wallet.betAndWin(
              {
                userId: session.userId,
                gameId: session.casinoGameId,
                roundId: String(roundId),
                coin: session.coin,
                transactionId: betTransaction(roundId),
                amount: bet,
                winTransactionId: winTransaction(roundId),
                winAmount: hundredths(outcome.totalWin),
              },
              uow,
            );
            const createdAt = new Date();
            const balances = { balanceBefore: paid.bet.balanceBefore, balanceAfter: paid.win.balance };
            row = { ...round, ...balances, status: 'settled', createdAt, settledAt: createdAt };
            answer = settledRound({ ...round, ...balances, createdAt });
          } catch (error) {
            if (!(error instanceof WalletRefusal)) throw error;
            // Refused (funds, limits, a break): the round is kept as refused with the refusal's
            // event, and nothing was played.
            row = { ...round, status: 'refused' };
            answer = error;
          }
          const [written] = await uow.tx
            .insert(rgsRounds)
            .overridingSystemValue()
            .values(row)
            .onConflictDoNothing({ target: [rgsRounds.sessionId, rgsRounds.requestId] })
            .returning({ id: rgsRounds.id });
          // A retry, or the same request from a second tab: answered with the stored round (playedBefore).
          if (!written) throw new PlayedBefore();
          return answer;
        });
      } catch (error) {
        // A retry, or the same request from a second tab: the round stored first is the answer.
        if (error instanceof PlayedBefore) return playedBefore(session, input.requestId);
        // Nothing of the round committed: no bet was taken.
        log.error({ err: error, sessionId: session.id, requestId: input.requestId }, 'a round failed; nothing was charged');
        throw new AppError('ServiceUnavailable', NOTHING_CHARGED);
      }
      if (played instanceof WalletRefusal) throw new AppError(played.errorName, played.message);
      return played;
    },

    async recoverOpenRounds(olderThanSeconds) {
      // Served by rgs_rounds_open_idx; a bounded batch per run, the job runs again.
      const open = await db
        .select()
        .from(rgsRounds)
        .where(
          and(
            inArray(rgsRounds.status, ['pending', 'bet_placed']),
            lt(rgsRounds.createdAt, new Date(Date.now() - olderThanSeconds * 1000)),
          ),
        )
        .orderBy(asc(rgsRounds.createdAt), asc(rgsRounds.id))
        .limit(200);
      let finished = 0;
      for (const row of open) {
        try {
          if (row.status === 'pending') await cancel(row);
          else await settle(row);
          finished += 1;
        } catch (error) {
          log.error({ err: error, roundId: row.id, status: row.status }, 'recovering an open round failed; the next run tries again');
        }
      }
      return finished;
    },

    async recall(session, roundId) {
      const [row] = await db
        .select()
        .from(rgsRounds)
        .where(and(eq(rgsRounds.id, roundId), eq(rgsRounds.userId, session.userId)));
      if (!row || row.status === 'refused' || row.status === 'cancelled') throw new AppError('NotFound', 'No such round.');
      return resultOf(row);
    },
  };
}
