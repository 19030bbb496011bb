import { statementRows, type Database } from '../../db/client.js';
import { createBatches, type BatchOptions } from '../../lib/batches.js';

/**
 * Group commit of instant rounds (issue 17 point 2, docs/decisions/043-rounds-in-groups.md).
 *
 * Each round of the in-house game server is one call of `wallet_bet_win` with the round's row
 * written in the same statement. Rounds that arrive while earlier ones are in the database wait,
 * then go together: one statement calls the function once per round, in the order of the
 * players' ids, writes the rows and commits them all at once. Every round keeps the function's
 * checks, answer and events; what the rounds of a group share is the statement, its round trip
 * and its commit.
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
 *   timeout (docs/decisions/029-lock-timeout.md).
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

/**
 * A row the caller writes in the wallet call's own statement, from what the call answered (the
 * in-house game server's round, settled or refused). The call and the row are then one statement,
 * so one transaction with no begin or commit of its own: a failure of either, the row's unique
 * key included, leaves nothing of both (docs/decisions/033-a-round-in-one-statement.md).
 */
export interface WrittenAlongside {
  /** The row's own values, as columns of `played`: name and SQL type, in the order of `values`. */
  columns: readonly (readonly [name: string, type: string])[];
  /** This round's values of those columns (numbers, text, an object for jsonb, an ISO time for timestamptz). */
  values: readonly unknown[];
  /**
   * A data-modifying statement that reads `played`: one row a round, with the call's parameters
   * (WALLET_BET_WIN_COLUMNS), the columns above and `answer` (jsonb), what wallet_bet_win
   * answered. The same text for every round: rounds are grouped by it.
   */
  sql: string;
}

export interface RoundCall {
  /** wallet_bet_win's parameters, in its order. */
  values: readonly unknown[];
  alongside: WrittenAlongside;
}

/** How long a group waits for a player's lock before it fails and its rounds go one by one. */
export const GROUP_LOCK_TIMEOUT_MS = 200;

/**
 * The statement that plays `rounds` (one jsonb array) and writes their rows. A group's sets its
 * own lock timeout (`groupLockTimeoutMs`) for the rest of its transaction, before the first lock
 * is taken; a round alone keeps the pool's.
 */
export function roundsStatement(alongside: Pick<WrittenAlongside, 'columns' | 'sql'>, groupLockTimeoutMs?: number): string {
  const columns = [['ord', 'int'], ...WALLET_BET_WIN_COLUMNS, ...alongside.columns];
  const lockTimeout =
    groupLockTimeoutMs === undefined ? '' : `where set_config('lock_timeout', '${Math.round(groupLockTimeoutMs)}ms', true) is not null`;
  return `with input as (
      select * from jsonb_to_recordset($1::jsonb) as rounds (${columns.map(([name, type]) => `${name} ${type}`).join(', ')})
      ${lockTimeout}
    ),
    played as (
      select ordered.*, wallet_bet_win(${WALLET_BET_WIN_COLUMNS.map(([name]) => `ordered.${name}`).join(', ')}) as answer
      -- A sorted subquery is planned on its own: its rows, all read first, reach the function in the players' order.
      from (select * from input order by user_id, ord) ordered
    ),
    alongside as (${alongside.sql})
    select ord, answer from played`;
}

/** The rounds as the statement's one parameter. */
function roundsParameter(calls: readonly RoundCall[]): string {
  return JSON.stringify(
    calls.map((call, ord) => {
      const round: Record<string, unknown> = { ord };
      WALLET_BET_WIN_COLUMNS.forEach(([name], index) => (round[name] = call.values[index]));
      call.alongside.columns.forEach(([name], index) => (round[name] = call.alongside.values[index]));
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
 * the database at once), one kind per text of the row written alongside. `alone(play)` plays a
 * round on its own (a group of one, or after its group failed): the retries of a single call
 * belong there.
 */
export function createRoundGroups<A>(
  db: Database,
  alone: (play: () => Promise<A>) => Promise<A>,
  { groupLockTimeoutMs = GROUP_LOCK_TIMEOUT_MS, ...batchOptions }: RoundGroupOptions = {},
): RoundGroups<A> {
  const kinds = new Map<string, (call: RoundCall) => Promise<A>>();

  async function execute(statement: string, calls: readonly RoundCall[]): Promise<A[]> {
    const rows = await statementRows<{ ord: number; answer: A }>(db, statement, [roundsParameter(calls)]);
    const answers = new Array<A>(calls.length);
    for (const row of rows) answers[row.ord] = row.answer;
    return answers;
  }

  function groupsOf(alongside: WrittenAlongside): (call: RoundCall) => Promise<A> {
    const group = roundsStatement(alongside, groupLockTimeoutMs);
    const single = roundsStatement(alongside);
    return createBatches<RoundCall, A>(async (batch) => {
      if (batch.length > 1) {
        try {
          const answers = await execute(
            group,
            batch.map((one) => one.item),
          );
          batch.forEach((one, index) => one.resolve(answers[index]!));
          return;
        } catch {
          // Nothing of the group committed: each of its rounds goes again on its own.
        }
      }
      await Promise.all(batch.map((one) => alone(async () => (await execute(single, [one.item]))[0]!).then(one.resolve, one.reject)));
    }, batchOptions);
  }

  return {
    play(call) {
      let play = kinds.get(call.alongside.sql);
      if (!play) kinds.set(call.alongside.sql, (play = groupsOf(call.alongside)));
      return play(call);
    },
  };
}
