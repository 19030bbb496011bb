import { statementRows, type Database } from '../../db/client.js';
import { createBatches, type BatchOptions } from '../../lib/batches.js';
import { INSTANT_ROUND_ROW_COLUMNS, INSTANT_ROUND_ROW_SQL, type InstantRoundRow } from './instant-round-row.js';

/**
 * Group commit of instant rounds (docs/decisions/065-game-round-speed.md).
 *
 * Each round of the in-house game server is a bet and its win, played as `wallet_bet_win` plays
 * one, with the round's row written in the same statement. Rounds that arrive while earlier ones
 * are in the database wait, then go together: one statement plays them all through
 * `wallet_bet_win_group`, which locks and checks them one by one in the order of the players' ids
 * and writes every new round's rows in one statement of its own (money/functions/wallet_write_planned_rounds.sql,
 * docs/decisions/065-game-round-speed.md), then writes the round rows and commits them all
 * at once. Every round keeps its checks, answer and events; what the rounds of a group share is
 * the statement, its writes, its round trip and its commit.
 *
 * A group commits whole or not at all. When it fails (a round's request key taken by a retry, a
 * wallet key taken by another player's call at the same moment, a player's lock held elsewhere),
 * nothing of it committed, and each of its rounds is sent again on its own: the round that failed
 * fails as it would have alone, and the others are played.
 *
 * - Locks. A group takes its players' locks in the order of their ids, in every process, so two
 *   groups never wait for each other in a circle. It waits for a lock at most
 *   GROUP_LOCK_TIMEOUT_MS: a player held elsewhere (an operator's transaction stuck mid-way) makes
 *   the group fail fast, and only that player's round, sent alone, waits the pool's whole lock
 *   timeout (docs/decisions/064-money-path-speed.md).
 * - One text. The rounds are one jsonb parameter, so the statement is prepared once per
 *   connection whatever the group's size.
 */

/** wallet_bet_win's parameters, in its order, as columns of `played`. */
export const WALLET_BET_WIN_COLUMNS = [
  ['transaction_id', 'text'],
  ['fingerprint', 'text'],
  ['ledger_fingerprint', 'text'],
  ['win_transaction_id', 'text'],
  ['win_fingerprint', 'text'],
  ['win_ledger_fingerprint', 'text'],
  ['user_id', 'bigint'],
  ['game_id', 'bigint'],
  ['round_id', 'text'],
  ['coin', 'text'],
  ['amount', 'bigint'],
  ['win_amount', 'bigint'],
] as const;

export interface RoundCall {
  /** wallet_bet_win's parameters, in its order. */
  values: readonly unknown[];
  /** The game server's round, whose row the statement writes from the wallet's answer. */
  row: InstantRoundRow;
}

/** How long a group waits for a player's lock before it fails and its rounds go one by one. */
export const GROUP_LOCK_TIMEOUT_MS = 200;

/**
 * The statement that plays `rounds` (its first parameter, one jsonb array) and writes their rows:
 * wallet_bet_win_group (money/functions) plays them and writes what the wallet writes in one
 * statement of its own, and this one writes the round rows from its answers
 * (instant-round-row.ts). The second parameter is the group's own lock timeout for the rest of
 * its transaction, set before the first lock is taken (`lockTimeout`); a round alone keeps the
 * pool's (null). One text for both.
 */
export function roundsStatement(): string {
  const columns = [['ord', 'int'], ...WALLET_BET_WIN_COLUMNS, ...INSTANT_ROUND_ROW_COLUMNS];
  return `with rounds as (select $1::jsonb as rounds),
    input as (
      select r.* from rounds, jsonb_to_recordset(rounds.rounds) as r (${columns.map(([name, type]) => `${name} ${type}`).join(', ')})
    ),
    played as (
      select input.*, g.answer from rounds, wallet_bet_win_group(rounds.rounds, $2::text) g join input on input.ord = g.ord
    ),
    alongside as (${INSTANT_ROUND_ROW_SQL})
    select ord, answer from played`;
}

/** The lock timeout parameter of a group's statement (decision 065). */
export function lockTimeout(milliseconds: number): string {
  return `${Math.round(milliseconds)}ms`;
}

/** The rounds as the statement's one parameter. */
function roundsParameter(calls: readonly RoundCall[]): string {
  return JSON.stringify(
    calls.map((call, ord) => {
      const round: Record<string, unknown> = { ord };
      WALLET_BET_WIN_COLUMNS.forEach(([name], index) => (round[name] = call.values[index]));
      for (const [name, , value] of INSTANT_ROUND_ROW_COLUMNS) round[name] = value(call.row);
      return round;
    }),
  );
}

export interface RoundGroupOptions extends BatchOptions {
  /** How long a group waits for a player's lock (GROUP_LOCK_TIMEOUT_MS). */
  groupLockTimeoutMs?: number;
}

export interface RoundGroups<A> {
  /** Plays one round in the next group; answers what wallet_bet_win answered for it. */
  play(call: RoundCall): Promise<A>;
}

/**
 * Groups are batches (lib/batches.ts: at most `inFlight` groups of at most `maxSize` rounds in
 * the database at once). `alone(play)` plays a round on its own (a group of one, or after its
 * group failed): the retries of a single call belong there.
 */
export function createRoundGroups<A>(
  db: Database,
  alone: (play: () => Promise<A>) => Promise<A>,
  { groupLockTimeoutMs = GROUP_LOCK_TIMEOUT_MS, ...batchOptions }: RoundGroupOptions = {},
): RoundGroups<A> {
  const statement = roundsStatement();
  const groupTimeout = lockTimeout(groupLockTimeoutMs);

  async function execute(calls: readonly RoundCall[], timeout: string | null): Promise<A[]> {
    const rows = await statementRows<{ ord: number; answer: A }>(db, statement, [roundsParameter(calls), timeout]);
    const answers = new Array<A>(calls.length);
    for (const row of rows) answers[row.ord] = row.answer;
    return answers;
  }

  const play = createBatches<RoundCall, A>(async (batch) => {
    if (batch.length > 1) {
      try {
        const answers = await execute(
          batch.map((one) => one.item),
          groupTimeout,
        );
        batch.forEach((one, index) => one.resolve(answers[index]!));
        return;
      } catch {
        // Nothing of the group committed: each of its rounds goes again on its own.
      }
    }
    await Promise.all(batch.map((one) => alone(async () => (await execute([one.item], null))[0]!).then(one.resolve, one.reject)));
  }, batchOptions);

  return { play };
}
