import { fromHundredths, hundredths, toHundredths, type Hundredths } from '@casino/contracts/money';
import type { RoundOutcome, RoundResult } from '@casino/contracts/rgs';
import { and, asc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import { isUniqueViolation, postgresError } from '../db/errors.js';
import { rgsRounds, rgsSeedPairs } from '../db/schema/index.js';
import { AppError } from '../http/errors.js';
import { playProfile } from '@casino/contracts/game-math/fair-games';
import type { RoundSeeds } from '@casino/contracts/provably-fair';
import type { ScratchOutcome, SlotOutcome } from './math/index.js';
import { roundRng, type SeedPairService, type TakenSeeds } from './seed-pairs.js';
import type { GameSession } from './sessions.js';
import type { InstantRoundRow, WalletMove } from '../money/wallet/service.js';
import { WalletRefusal, type WalletClient } from './wallet-client.js';

/**
 * Rounds of the in-house game server. Slots and scratch cards are instant games: the outcome is
 * drawn before the bet is taken, from the title's math and the player's provably fair seeds alone
 * (the engines never see a balance): one statement takes the round's nonce from the player's
 * current seed pair (seed-pairs.ts, docs/decisions/070-provably-fair.md), and the draw is
 * HMAC-SHA256 of the pair's server seed over its client seed, that nonce and a cursor. Then one statement takes the
 * bet and pays the win (zero for a loss closes the round) through the seamless wallet's
 * bet-and-win call, in process, and writes the round once from the call's answer: settled, with
 * its outcome and the balances before and after. Being one statement, it is one transaction with
 * no begin or commit of its own (docs/decisions/065-game-round-speed.md). A GC round writes
 * its play totals and recently played row in that statement too, and no event; an SC round's
 * events are delivered after the commit in a second transaction (docs/decisions/065). A refusal
 * (funds, limits, a break) keeps the round as refused and shows nothing; a failure anywhere commits nothing, so no bet is taken
 * without its round and its win. The round row's (session, request) key makes a repeated request
 * fail whole and answer with the round played first.
 *
 * Rounds played before this path (or by a game server over HTTP, bet and win apart) can be left
 * open by a crash: pending (the bet may or may not have been taken) or bet_placed (the win not
 * confirmed). The recovery job (`recoverOpenRounds`) rolls pending ones back, which refunds a
 * taken bet and blocks one still on its way, and pays the stored outcome of bet_placed ones.
 */
export interface RoundService {
  /**
   * Plays a round. Its statement checks that the login session is still live and, with `seen`,
   * that no location decision was made in it after `seen.locationCheckId` (0: none was), and
   * throws BetSessionChanged when either check fails; nothing is charged then.
   */
  play(session: GameSession, input: { bet: number; requestId: string }, seen?: { locationCheckId: number }): Promise<RoundResult>;
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

/**
 * The round's statement found the bet's login session changed since the game session was read
 * (ended, or a newer location decision: migration 0165). Nothing was charged; the caller reads
 * the session again and judges the bet on what it finds.
 */
export class BetSessionChanged extends AppError {
  constructor() {
    super('ServiceUnavailable', NOTHING_CHARGED);
  }
}
/** rgs_bet_guard's SQLSTATE. */
const BET_SESSION_CHANGED = 'RG001';

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

/** A stored round with the seeds it was drawn from (its pair read with it). */
type SeededRow = RoundRow & { seeds: RoundSeeds | null };

function resultOf(row: SeededRow): RoundResult {
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
  seeds: RoundSeeds | null;
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
    seeds: round.seeds,
    createdAt: round.createdAt.toISOString(),
  };
}

/** A round's (session, request) key: taken by a request played before. */
const ROUND_REQUEST_KEY = 'rgs_rounds_session_request_key';

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
  wallet: WalletClient,
  log: { error: (object: unknown, message: string) => void },
  seeds: SeedPairService,
): RoundService {
  const nextRoundId = roundIdSource(db);

  /** Stored rounds with the seeds they were drawn from; a server seed only once its pair was revealed. */
  async function seededRounds(where: SQL | undefined): Promise<SeededRow[]> {
    const rows = await db
      .select({ round: rgsRounds, pair: rgsSeedPairs })
      .from(rgsRounds)
      .leftJoin(rgsSeedPairs, eq(rgsSeedPairs.id, rgsRounds.seedPairId))
      .where(where);
    return rows.map(({ round, pair }) => ({
      ...round,
      seeds:
        pair && round.nonce !== null
          ? {
              seedPairId: pair.id,
              serverSeedHash: pair.serverSeedHash,
              serverSeed: pair.revealedAt ? pair.serverSeed : null,
              clientSeed: pair.clientSeed,
              nonce: round.nonce,
            }
          : null,
    }));
  }

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
    const [existing] = await seededRounds(and(eq(rgsRounds.sessionId, session.id), eq(rgsRounds.requestId, requestId)));
    if (!existing || existing.status === 'pending') throw new AppError('RoundInProgress');
    if (existing.status === 'refused') throw new AppError('InsufficientBalance');
    if (existing.status === 'cancelled') throw new AppError('ServiceUnavailable', NOTHING_CHARGED);
    return resultOf(existing.status === 'bet_placed' ? { ...(await settle(existing)), seeds: existing.seeds } : existing);
  }

  return {
    async play(session, input, seen) {
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

      // The outcome depends on the title's math, the bet and the player's seeds: nothing else. The
      // round takes its nonce first (one statement: the pair's nonce moved on, so no other round
      // of the pair draws with it), then the outcome is drawn, before the bet is taken, and shown
      // only once the round is paid; a round that is refused or fails is never shown (its nonce
      // stays unused), and a repeated request answers the round it played first.
      let taken: TakenSeeds;
      try {
        taken = await seeds.take(session.userId);
      } catch (error) {
        // Before the bet: nothing was charged.
        log.error(
          { err: error, sessionId: session.id, requestId: input.requestId },
          "a round's seeds could not be taken; nothing was charged",
        );
        throw new AppError('ServiceUnavailable', NOTHING_CHARGED);
      }
      const outcome: StoredOutcome = playProfile(title.profile, bet, roundRng(taken));
      // The round's id comes first (from a block of ids this process holds), so that its bet and
      // win carry it and the round row is written once, after the wallet answered, settled or
      // refused. A request played before finds its row taken: the transaction, with the bet the
      // wallet just took again, rolls back whole and the stored round is the answer.
      const roundId = await nextRoundId();
      const createdAt = new Date();
      // What the wallet writes of the round in its call's statement, with the wallet's answer.
      const round: InstantRoundRow = {
        id: roundId,
        sessionId: session.id,
        requestId: input.requestId,
        titleId: title.id,
        profileId: title.profile.id,
        outcome,
        createdAt,
        casinoSessionId: session.casinoSessionId,
        locationCheckId: seen?.locationCheckId ?? null,
        seedPairId: taken.pairId,
        nonce: taken.nonce,
      };
      let paid: { bet: WalletMove; win: WalletMove };
      try {
        paid = await wallet.betAndWin(
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
          round,
        );
      } catch (error) {
        // Refused (funds, limits, a break): the round is kept as refused with the refusal's
        // event, and nothing was played.
        if (error instanceof WalletRefusal) throw new AppError(error.errorName, error.message);
        // A retry, or the same request from a second tab: the round stored first is the answer.
        if (isUniqueViolation(error, [ROUND_REQUEST_KEY])) return playedBefore(session, input.requestId);
        if (postgresError(error, BET_SESSION_CHANGED)) throw new BetSessionChanged();
        // Nothing of the round committed: no bet was taken.
        log.error({ err: error, sessionId: session.id, requestId: input.requestId }, 'a round failed; nothing was charged');
        throw new AppError('ServiceUnavailable', NOTHING_CHARGED);
      }
      return settledRound({
        id: roundId,
        coin: session.coin,
        bet,
        win: outcome.totalWin,
        balanceBefore: paid.bet.balanceBefore,
        balanceAfter: paid.win.balance,
        outcome,
        seeds: {
          seedPairId: taken.pairId,
          serverSeedHash: taken.serverSeedHash,
          serverSeed: null,
          clientSeed: taken.clientSeed,
          nonce: taken.nonce,
        },
        createdAt,
      });
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
      const [row] = await seededRounds(and(eq(rgsRounds.id, roundId), eq(rgsRounds.userId, session.userId)));
      if (!row || row.status === 'refused' || row.status === 'cancelled') throw new AppError('NotFound', 'No such round.');
      return resultOf(row);
    },
  };
}
