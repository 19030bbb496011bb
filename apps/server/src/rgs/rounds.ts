import { fromHundredths, hundredths, toHundredths, type Hundredths } from '@casino/contracts/money';
import type { RoundOutcome, RoundResult } from '@casino/contracts/rgs';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rgsRounds } from '../db/schema/index.js';
import { AppError } from '../http/errors.js';
import { cryptoRng, playScratch, spinSlot, type ScratchOutcome, type SlotOutcome } from './math/index.js';
import type { GameSession } from './sessions.js';
import { WalletRefusal, type WalletClient } from './wallet-client.js';

/**
 * Rounds of the in-house game server (issue 5 points 3-5). A round is stored before any money
 * moves, then:
 *   1. the bet goes to the seamless wallet (refused for funds: the round is kept as refused and
 *      nothing was played);
 *   2. the outcome is drawn from the cryptographic RNG, from the title's math alone (the engines
 *      never see a balance), and stored with the round;
 *   3. the win (zero for a loss: it closes the round) goes to the wallet;
 *   4. the round is settled with the balances before and after.
 * A win the wallet did not confirm (a crash, a failure) leaves the round at bet_placed with its
 * outcome stored; the player's next round sends it again under the same transaction id, which
 * the wallet pays once. A crash can also leave a round pending (the bet may or may not have been
 * taken): the recovery job (`recoverOpenRounds`) rolls it back, which refunds a taken bet and
 * blocks one still on its way, and pays the stored outcome of every bet_placed round.
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
  return {
    roundId: row.id,
    coin: row.coin,
    bet: fromHundredths(row.bet),
    win: fromHundredths(row.win),
    balanceBefore: fromHundredths(row.balanceBefore),
    balanceAfter: fromHundredths(row.balanceAfter),
    outcome: outcomeForWire(row.outcome as StoredOutcome),
    createdAt: row.createdAt.toISOString(),
  };
}

export function createRoundService(
  db: Database,
  wallet: WalletClient,
  log: { error: (object: unknown, message: string) => void },
): RoundService {
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

  /** Re-sends the wins the wallet has not confirmed yet for this player. */
  async function settleUnconfirmed(userId: number): Promise<void> {
    const pending = await db
      .select()
      .from(rgsRounds)
      .where(and(eq(rgsRounds.userId, userId), eq(rgsRounds.status, 'bet_placed')))
      .orderBy(asc(rgsRounds.id))
      .limit(20);
    for (const row of pending) await settle(row);
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

      // A retried request answers the round it already played.
      const [existing] = await db
        .select()
        .from(rgsRounds)
        .where(and(eq(rgsRounds.sessionId, session.id), eq(rgsRounds.requestId, input.requestId)));
      if (existing) {
        if (existing.status === 'refused') throw new AppError('InsufficientBalance');
        if (existing.status === 'cancelled') throw new AppError('ServiceUnavailable', NOTHING_CHARGED);
        return resultOf(existing.status === 'bet_placed' ? await settle(existing) : existing);
      }

      try {
        await settleUnconfirmed(session.userId);
      } catch (error) {
        // Still unpaid: it stays stored and is sent again with the next round.
        log.error({ err: error, userId: session.userId }, 're-sending unconfirmed wins failed');
      }

      const [round] = await db
        .insert(rgsRounds)
        .values({
          sessionId: session.id,
          requestId: input.requestId,
          userId: session.userId,
          casinoGameId: session.casinoGameId,
          titleId: title.id,
          profileId: title.profile.id,
          coin: session.coin,
          bet,
          status: 'pending',
        })
        .onConflictDoNothing({ target: [rgsRounds.sessionId, rgsRounds.requestId] })
        .returning();
      // The same request raced in from a second tab or a retry: it owns the round.
      if (!round) throw new AppError('RoundInProgress');

      const wire = { userId: session.userId, gameId: session.casinoGameId, roundId: String(round.id), coin: session.coin };
      let balanceBefore: number;
      try {
        const taken = await wallet.bet({ ...wire, transactionId: betTransaction(round.id), amount: bet });
        balanceBefore = taken.balanceBefore;
      } catch (error) {
        if (error instanceof WalletRefusal) {
          await db.update(rgsRounds).set({ status: 'refused' }).where(eq(rgsRounds.id, round.id));
          throw new AppError(error.errorName, error.message);
        }
        // Unknown whether the bet was taken: reverse it (a rollback of a bet that never arrived
        // is recorded and blocks that bet).
        log.error({ err: error, roundId: round.id }, 'wallet bet failed; rolling back');
        try {
          await cancel(round);
        } catch (rollbackError) {
          // The round stays pending: the recovery job rolls it back.
          log.error({ err: rollbackError, roundId: round.id }, 'wallet rollback failed; the recovery job will retry it');
        }
        throw new AppError('ServiceUnavailable', NOTHING_CHARGED);
      }

      // The outcome depends on the title's math, the bet and the RNG: nothing else.
      const outcome: StoredOutcome = title.kind === 'slot' ? spinSlot(title, bet, cryptoRng) : playScratch(title, bet, cryptoRng);
      const [placed] = await db
        .update(rgsRounds)
        .set({ status: 'bet_placed', outcome, win: outcome.totalWin, balanceBefore })
        .where(eq(rgsRounds.id, round.id))
        .returning();
      if (!placed) throw new AppError('InternalServerError');
      try {
        return resultOf(await settle(placed));
      } catch (error) {
        log.error({ err: error, roundId: round.id }, 'wallet win failed; the next round re-sends it');
        throw new AppError('ServiceUnavailable', 'Your result is saved and will be credited shortly.');
      }
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
