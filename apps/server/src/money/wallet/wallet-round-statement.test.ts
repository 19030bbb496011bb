import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { bigintArray } from '../../db/array-literals.js';
import { statementRows } from '../../db/client.js';
import { createEventBus } from '../../events/event-bus.js';
import { recentlyPlayedSubscriber } from '../../modules/games/recently-played-subscriber.js';
import { playTotalsSubscriber } from '../../modules/play-totals/play-totals.js';
import { testServer } from '../../test/harness.js';
import { signedInClient, testLedger } from '../../test/signed-in.js';
import { anyGameId } from '../../rgs/test-support.js';
import { WALLET_BET_WIN_COLUMNS } from './round-groups.js';

/**
 * A new round's rows written by one statement (wallet_write_planned_rounds, docs/decisions/065-game-round-speed.md)
 * are the rows the round's checked path (wallet_bet_win_checked for every other
 * call) writes for the same round: two players start from the same balances, one plays the round through
 * wallet_bet_win, the other through wallet_bet_win_checked, and everything an operator or the
 * player can read afterwards is compared: the answer, the ledger's transfers and entries, the
 * balances, the wallet's records, the events, the bet row, the SC bet day, the play totals and the
 * recently played row. A GC round of the one statement writes its play totals and recently played
 * row itself and no event; the checked path's events write them when delivered.
 */

type Row = Record<string, unknown>;

/** As the tables' owner: the checked path is a step of the server's calls, not one of them (docs/decisions/055). */
async function rows(text: string, values: unknown[]): Promise<Row[]> {
  return statementRows<Row>((await testServer()).owner.db, text, values);
}

/** A player with these balances (hundredths) on their bonus, unplayed and redeemable SC and GC. */
async function playerWith(balances: { gc: number; bsc: number; psc: number; wsc: number }): Promise<number> {
  const { userId } = await signedInClient('stmt');
  const ledger = await testLedger();
  const key = () => `test-funding:${randomUUID()}`;
  if (balances.gc || balances.bsc)
    await ledger.creditBonus({ userId, gc: balances.gc, sc: balances.bsc, reason: 'adjustment', idempotencyKey: key() });
  if (balances.psc) await ledger.creditPurchase({ userId, gc: 0, sc: balances.psc, idempotencyKey: key() });
  if (balances.wsc) await ledger.creditWin({ userId, coin: 'SC', amount: balances.wsc, idempotencyKey: key() });
  return userId;
}

/** wallet_bet_win's values as one round of wallet_bet_win_group's parameter. */
function groupRound(ord: number, values: unknown[]): Row {
  const round: Row = { ord };
  WALLET_BET_WIN_COLUMNS.forEach(([name], index) => (round[name] = values[index]));
  return round;
}

interface Round {
  coin: 'GC' | 'SC';
  bet: number;
  win: number;
}

/** Plays one new round through `fn` and answers what can be read of it, with ids and keys made comparable. */
async function playAndRead(
  fn: 'wallet_bet_win' | 'wallet_bet_win_checked' | 'wallet_bet_win_group',
  userId: number,
  gameId: number,
  round: Round,
) {
  const tag = randomUUID();
  const [betTx, winTx, roundId] = [`bet-${tag}`, `win-${tag}`, `round-${tag}`];
  const values = [
    betTx,
    'wallet-bet-fp',
    'ledger-bet-fp',
    winTx,
    'wallet-win-fp',
    'ledger-win-fp',
    userId,
    gameId,
    roundId,
    round.coin,
    round.bet,
    round.win,
  ];
  const [{ answer }] = (
    fn === 'wallet_bet_win_group'
      ? await rows('select answer from wallet_bet_win_group($1::jsonb)', [JSON.stringify([groupRound(0, values)])])
      : await rows(`select ${fn}($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::bigint, $12::bigint) as answer`, values)
  ) as [{ answer: Row }];
  const plain = (value: unknown): Row =>
    JSON.parse(JSON.stringify(value).replaceAll(tag, 'TAG').replaceAll(`"userId":${userId}`, '"userId":"USER"')) as Row;

  const transfers = await rows(
    `select id, idempotency_key, fingerprint, reason, reference, details, reverses_transfer_id, gc_amount, sc_amount,
       balances_before, balances_after
     from ledger_transfers where reference = $1 order by id`,
    [`round:${gameId}:${roundId}`],
  );
  const transferIds = transfers.map((row) => String(row.id));
  const entries = await rows(
    `select t.reason, a.kind, a.user_id is null as house, e.coin, e.amount
     from ledger_entries e join ledger_transfers t on t.id = e.transfer_id join ledger_accounts a on a.id = e.account_id
     where e.transfer_id = any($1::bigint[]) order by t.id, a.kind, house`,
    [`{${transferIds.join(',')}}`],
  );
  const records = await rows(
    `select r.id, r.transaction_id, r.action, r.fingerprint, r.coin, r.amount, r.balance_before, r.balance_after,
       r.rolls_back_transaction_id, t.reason as transfer_reason
     from casino_wallet_transactions r left join ledger_transfers t on t.id = r.ledger_transfer_id
     where r.game_id = $1 and r.round_id = $2 order by r.id`,
    [gameId, roundId],
  );
  const events = await rows(`select id, type, payload from outbox_events where user_id = $1 and payload->>'roundId' = $2 order by id`, [
    userId,
    roundId,
  ]);
  const [bet] = await rows(
    `select coin, bet_amount, win_amount, status, won_at is not null as won
     from casino_bets where game_id = $1 and round_id = $2`,
    [gameId, roundId],
  );
  const accounts = await rows(`select kind, balance from ledger_accounts where user_id = $1 order by kind`, [userId]);
  const betDays = await rows(`select amount from responsible_play_bet_days where user_id = $1`, [userId]);
  // What the events feed, once they were delivered (by this bus or by the server's sweep).
  await deliverAll(events.map((row) => Number(row.id)));
  const totals = await rows(
    `select day = (now() at time zone 'UTC')::date as today, coin, wagered::int, won::int, rounds::int from player_daily_totals where user_id = $1`,
    [userId],
  );
  const recent = await rows(`select game_id::int, last_played_at is not null as played from casino_recent_games where user_id = $1`, [
    userId,
  ]);

  // The ids the answer names are those of this round's rows, in the order the rows were written.
  const eventIds = events.map((row) => Number(row.id));
  const answered = answer as { bet: { events: number[] }; win: { events: number[] } };
  expect([...answered.bet.events, ...answered.win.events]).toEqual(eventIds);
  expect(eventIds).toEqual([...eventIds].sort((a, b) => a - b));
  expect(transferIds.map(Number)).toEqual([...transferIds.map(Number)].sort((a, b) => a - b));
  const transferIdNames = new Map(transfers.map((row) => [Number(row.id), `transfer:${String(row.reason)}`]));
  const payloads = events.map((row) => {
    const payload = row.payload as Row;
    return {
      type: row.type,
      payload: { ...payload, transferId: payload.transferId === null ? null : transferIdNames.get(Number(payload.transferId)) },
    };
  });

  return plain({
    answer: {
      bet: { ...(answer.bet as Row), events: answered.bet.events.length },
      win: { ...(answer.win as Row), events: answered.win.events.length },
    },
    transfers: transfers.map(({ id: _id, ...row }) => row),
    entries,
    records: records.map(({ id: _id, ...row }) => row),
    events: payloads,
    bet,
    accounts,
    betDays,
    totals,
    recent,
  });
}

/** Delivers these events to the play totals and recently played, and waits until they are marked delivered. */
async function deliverAll(eventIds: number[]): Promise<void> {
  if (eventIds.length === 0) return;
  const { database } = await testServer();
  const bus = createEventBus(database.db, { log: { error: () => undefined } });
  bus.subscribe(playTotalsSubscriber);
  bus.subscribe(recentlyPlayedSubscriber);
  await bus.deliver(eventIds);
  // An event the server's own sweep held is delivered when that transaction commits.
  await vi.waitFor(
    async () => {
      const [pending] = await rows('select count(*)::int as n from outbox_events where id = any($1::bigint[]) and delivered_at is null', [
        bigintArray(eventIds),
      ]);
      expect(pending!.n).toBe(0);
    },
    { timeout: 10_000, interval: 20 },
  );
}

describe('a new round written by one statement', () => {
  const start = { gc: 50_000, bsc: 100, psc: 100, wsc: 100 };
  const rounds: [string, Round][] = [
    ['a GC round lost', { coin: 'GC', bet: 250, win: 0 }],
    ['a GC round won', { coin: 'GC', bet: 250, win: 1_000 }],
    ['an SC round won, its bet taken from bonus, unplayed and redeemable SC', { coin: 'SC', bet: 250, win: 75 }],
    ['an SC round lost, its bet taken from bonus SC alone', { coin: 'SC', bet: 40, win: 0 }],
    ['an SC round that takes every SC the player has', { coin: 'SC', bet: 300, win: 0 }],
  ];

  it.each(rounds)('%s: writes and answers what the checked path writes and answers', async (_name, round) => {
    const gameId = await anyGameId();
    const one = await playAndRead('wallet_bet_win', await playerWith(start), gameId, round);
    const checked = await playAndRead('wallet_bet_win_checked', await playerWith(start), gameId, round);
    // A group's round (wallet_bet_win_group) writes and answers what the round alone does.
    expect(await playAndRead('wallet_bet_win_group', await playerWith(start), gameId, round)).toEqual(one);
    if (round.coin === 'GC') {
      // No event: the round's statement wrote what its events' delivery writes.
      expect(one.events).toEqual([]);
      expect((one.answer as Record<string, Row>).bet).toMatchObject({ events: 0 });
      expect((one.answer as Record<string, Row>).win).toMatchObject({ events: 0 });
      expect(checked.events).toHaveLength(2);
      const withoutEvents = (read: Row) => ({
        ...read,
        events: undefined,
        answer: {
          bet: { ...(read.answer as Record<string, Row>).bet, events: undefined },
          win: { ...(read.answer as Record<string, Row>).win, events: undefined },
        },
      });
      expect(withoutEvents(one)).toEqual(withoutEvents(checked));
    } else {
      expect(one).toEqual(checked);
    }
    // The day's play totals count the round, and the game is in the player's recently played.
    expect(one.totals).toEqual([{ today: true, coin: round.coin, wagered: round.bet, won: round.win, rounds: 1 }]);
    expect(one.recent).toEqual([{ game_id: gameId, played: true }]);
    // And the round moved the coins: the bet went out and the win came in.
    const sum = (one.accounts as { kind: string; balance: string }[])
      .filter((row) => (round.coin === 'GC' ? row.kind === 'GC' : row.kind.startsWith('SC_') && row.kind !== 'SC_PENDING_REDEMPTION'))
      .reduce((total, row) => total + Number(row.balance), 0);
    const startOfCoin = round.coin === 'GC' ? start.gc : start.bsc + start.psc + start.wsc;
    expect(sum).toBe(startOfCoin - round.bet + round.win);
  });

  // The race only proves something on PostgreSQL: PGlite runs one statement at a time.
  it("settles many rounds of one player sent at once under the player's lock: never more than the balance, every coin accounted for", async () => {
    const gameId = await anyGameId();
    const userId = await playerWith({ gc: 1_000, bsc: 0, psc: 0, wsc: 0 });
    // 20 rounds of 100 GC at once on 1,000 GC, every third won back at 150: whatever the order,
    // a round is refused only when the balance the earlier rounds left is under its bet.
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, n) => {
        const tag = randomUUID();
        const win = n % 3 === 0 ? 150 : 0;
        const [{ answer }] = (await rows(
          'select wallet_bet_win($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::bigint, $12::bigint) as answer',
          [`bet-${tag}`, 'fp', 'fp', `win-${tag}`, 'fp', 'fp', userId, gameId, `round-${tag}`, 'GC', 100, win],
        )) as [{ answer: { error?: string; bet?: { balanceBefore: number; balance: number }; win?: { balance: number } } }];
        return { win, answer };
      }),
    );
    const settled = answers.filter(({ answer }) => !answer.error);
    const refused = answers.filter(({ answer }) => answer.error);
    for (const { answer } of refused) expect(answer.error).toBe('InsufficientBalance');
    // Each settled round answers the balance its own bet and win left.
    for (const { answer, win } of settled) expect(Number(answer.win!.balance)).toBe(Number(answer.bet!.balanceBefore) - 100 + win);
    const expected = 1_000 + settled.reduce((total, { win }) => total + win - 100, 0);
    const [gc] = await rows(`select balance from ledger_accounts where user_id = $1 and kind = 'GC'`, [userId]);
    expect(Number(gc!.balance)).toBe(expected);
    expect(expected).toBeGreaterThanOrEqual(0);
    const [ledger] = await rows(
      `select coalesce(sum(e.amount), 0) as total from ledger_entries e join ledger_accounts a on a.id = e.account_id
       where a.user_id = $1 and a.kind = 'GC'`,
      [userId],
    );
    expect(Number(ledger!.total)).toBe(expected);
    const [bets] = await rows(`select count(*) as n from casino_bets where user_id = $1`, [userId]);
    expect(Number(bets!.n)).toBe(settled.length);
    expect(settled.length).toBeGreaterThanOrEqual(10);
  });

  it('refuses a bet larger than the balance as the checked path does: its BetRefused event, and no movement', async () => {
    const gameId = await anyGameId();
    const userId = await playerWith(start);
    const tag = randomUUID();
    const [{ answer }] = (await rows('select wallet_bet_win($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::bigint, $12::bigint) as answer', [
      `bet-${tag}`,
      'fp',
      'fp',
      `win-${tag}`,
      'fp',
      'fp',
      userId,
      gameId,
      `round-${tag}`,
      'SC',
      301,
      500,
    ])) as [{ answer: { error: string; coin: string; events: number[] } }];
    expect(answer).toMatchObject({ error: 'InsufficientBalance', coin: 'SC' });
    const [refused] = await rows('select type from outbox_events where id = $1', [answer.events[0]]);
    expect(refused).toEqual({ type: 'BetRefused' });
    expect(await rows('select 1 from ledger_transfers where reference = $1', [`round:${gameId}:round-${tag}`])).toEqual([]);
    expect(await rows('select 1 from casino_wallet_transactions where round_id = $1', [`round-${tag}`])).toEqual([]);
    const accounts = await rows('select kind, balance from ledger_accounts where user_id = $1 order by kind', [userId]);
    expect(accounts.map((row) => [row.kind, Number(row.balance)])).toEqual([
      ['GC', 50_000],
      ['SC_BONUS', 100],
      ['SC_PENDING_REDEMPTION', 0],
      ['SC_REDEEMABLE', 100],
      ['SC_UNPLAYED', 100],
    ]);
  });
});
