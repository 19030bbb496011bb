import { randomUUID } from 'node:crypto';
import type { RoundResult } from '@casino/contracts/rgs';
import { describe, expect, it } from 'vitest';
import { statementRows } from '../db/client.js';
import { createEventBus } from '../events/event-bus.js';
import { AppError } from '../http/errors.js';
import { createLedgerService } from '../money/ledger/ledger-service.js';
import { testServer } from '../test/harness.js';
import { fundPlayer, signedInClient, testLedger } from '../test/signed-in.js';
import { anyGameId } from './test-support.js';
import { createRoundService, type RoundService } from './rounds.js';
import type { SeedPairService } from './seed-pairs.js';
import { createGameSessionService, type GameSession } from './sessions.js';
import { createWalletApiService } from '../money/wallet/service.js';
import { createInProcessWalletClient } from './wallet-client.js';

/**
 * Rounds in groups (docs/decisions/065-game-round-speed.md): the in-house game
 * server's rounds that reach the wallet together are played by one statement and committed by one
 * transaction, each as it would have been alone; a group that fails plays its rounds one by one.
 * Which rounds committed together is read from the rows' transaction ids (xmin).
 */

const log = { error: () => undefined };

/**
 * Seeds from memory: these tests are about the wallet's groups, so the rounds that start together
 * reach the wallet together, as the seeds' own statement (seed-pairs.ts, proven in
 * provably-fair.test.ts and seed-pairs.races.test.ts) would let them only when its answers arrive
 * at once.
 */
function seedsInMemory(): SeedPairService {
  let nonce = 0;
  const seeds = { pairId: 0, serverSeed: 'ab'.repeat(32), serverSeedHash: 'cd'.repeat(32), clientSeed: 'round-groups' };
  return {
    take: () => Promise.resolve({ ...seeds, nonce: nonce++ }),
    current: () => Promise.reject(new Error('not used here')),
    rotate: () => Promise.reject(new Error('not used here')),
    revealed: () => Promise.reject(new Error('not used here')),
  };
}

/** A game server of its own (as a second process would be): its rounds go in its own groups. */
async function gameServer(groupLockTimeoutMs?: number): Promise<RoundService> {
  const { database } = await testServer();
  const bus = createEventBus(database.db, { log });
  const wallet = createWalletApiService(database.db, bus, createLedgerService(database.db), undefined, {
    ...(groupLockTimeoutMs ? { groupLockTimeoutMs } : {}),
  });
  return createRoundService(database.db, createInProcessWalletClient(wallet), log, seedsInMemory());
}

/** A player with 100 SC and `count` game sessions open in the catalogue's first game. */
async function playerWithSessions(count = 1): Promise<{ userId: number; sessions: GameSession[] }> {
  const { database, config } = await testServer();
  const player = await signedInClient('group');
  await fundPlayer(player.userId, { sc: 10_000 });
  const gameId = await anyGameId();
  const sessions: GameSession[] = [];
  for (let i = 0; i < count; i += 1) {
    const launched = await player.client.post<{ data: { gameUrl: string } }>('casino-games/launch-game', {
      coin: 'SC',
      gameId,
      isDemo: false,
      isMobile: false,
    });
    const token = /#launch=(.+)$/.exec(launched.body.data.gameUrl)![1]!;
    sessions.push((await createGameSessionService(database.db, config.gameServerSecret).open(token)).session);
  }
  return { userId: player.userId, sessions };
}

async function scBalance(userId: number): Promise<number> {
  const balances = await (await testLedger()).balances(userId);
  return balances.bsc + balances.psc + balances.wsc;
}

/** The rounds' rows: how many, how many settled, and how many transactions committed them. */
async function committed(roundIds: number[]) {
  const { database } = await testServer();
  const [row] = await statementRows<{ rounds: number; settled: number; transactions: number }>(
    database.db,
    `select count(*)::int as rounds, count(*) filter (where status = 'settled')::int as settled,
       count(distinct xmin::text)::int as transactions
     from rgs_rounds where id = any($1::bigint[])`,
    [`{${roundIds.join(',')}}`],
  );
  return row!;
}

const bet = (session: GameSession) => session.title.betSteps[0]! / 100;
const cents = (amount: number) => Math.round(amount * 100);

function expectPaid(round: RoundResult, balance: number) {
  expect(cents(round.balanceBefore)).toBe(10_000);
  expect(cents(round.balanceAfter)).toBe(10_000 - cents(round.bet) + cents(round.win));
  expect(balance).toBe(cents(round.balanceAfter));
}

describe('rounds in groups', () => {
  it('plays the rounds of many players that arrive together in one statement, each paid as alone', async () => {
    const server = await gameServer();
    const players = await Promise.all(Array.from({ length: 8 }, () => playerWithSessions()));
    const rounds = await Promise.all(
      players.map(({ sessions: [session] }) => server.play(session!, { bet: bet(session!), requestId: randomUUID() })),
    );
    for (const [index, round] of rounds.entries()) expectPaid(round, await scBalance(players[index]!.userId));
    expect(await committed(rounds.map((round) => round.roundId))).toEqual({ rounds: 8, settled: 8, transactions: 1 });
  });

  it('plays the rounds of a group that fails one by one: only the failing round is refused, and nothing of it charged', async () => {
    const server = await gameServer();
    const { owner } = await testServer();
    const players = await Promise.all(Array.from({ length: 6 }, () => playerWithSessions()));
    const failing = randomUUID();
    // The failing round's row cannot be written, as a lost connection at that moment would fail it.
    await owner.withConnection((run) =>
      run(`create function fail_group_round() returns trigger language plpgsql as $$
             begin raise exception 'round row lost'; end $$;
           create trigger fail_group_round before insert on rgs_rounds for each row
             when (new.request_id = '${failing}') execute function fail_group_round();`),
    );
    let outcomes: PromiseSettledResult<RoundResult>[];
    try {
      outcomes = await Promise.allSettled(
        players.map(({ sessions: [session] }, index) =>
          server.play(session!, { bet: bet(session!), requestId: index === 2 ? failing : randomUUID() }),
        ),
      );
    } finally {
      await owner.withConnection((run) => run('drop trigger fail_group_round on rgs_rounds; drop function fail_group_round();'));
    }
    const refused = outcomes[2]!;
    expect(refused.status).toBe('rejected');
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
    expect(((refused as PromiseRejectedResult).reason as AppError).message).toBe(
      'The game could not take your bet. Nothing was charged; please try again.',
    );
    expect(await scBalance(players[2]!.userId)).toBe(10_000);
    const played = outcomes.filter((outcome, index) => index !== 2) as PromiseFulfilledResult<RoundResult>[];
    for (const [index, outcome] of played.entries()) {
      expectPaid(outcome.value, await scBalance(players.filter((_, i) => i !== 2)[index]!.userId));
    }
    // Played again one by one after the group failed: a transaction each.
    expect(await committed(played.map((outcome) => outcome.value.roundId))).toEqual({ rounds: 5, settled: 5, transactions: 5 });
  });

  it('never lets two groups wait for each other: two game servers playing the same players in opposite orders commit a group each', async (context) => {
    const { database } = await testServer();
    // The embedded database runs one statement at a time: no lock is ever waited for there.
    if (database.kind !== 'postgres') return context.skip();
    // A group that waited on a circle of locks would fail when PostgreSQL finds the deadlock (after
    // deadlock_timeout, 1 s); this group lock timeout lets it get that far.
    const [first, second] = [await gameServer(5_000), await gameServer(5_000)];
    const players = await Promise.all(Array.from({ length: 6 }, () => playerWithSessions(2)));
    const reversed = [...players].reverse();
    const rounds = await Promise.all([
      ...players.map(({ sessions: [session] }) => first.play(session!, { bet: bet(session!), requestId: randomUUID() })),
      ...reversed.map(({ sessions: [, session] }) => second.play(session!, { bet: bet(session!), requestId: randomUUID() })),
    ]);
    for (const player of players) {
      const mine = rounds.filter((round, index) => (index < 6 ? players[index] : reversed[index - 6]) === player);
      expect(mine).toHaveLength(2);
      const net = mine.reduce((sum, round) => sum - cents(round.bet) + cents(round.win), 0);
      expect(await scBalance(player.userId)).toBe(10_000 + net);
    }
    expect(await committed(rounds.map((round) => round.roundId))).toEqual({ rounds: 12, settled: 12, transactions: 2 });
  });

  it('answers a round once it committed, before its events are delivered (decision 065)', async () => {
    const { database } = await testServer();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handled: string[] = [];
    const bus = createEventBus(database.db, { log });
    bus.subscribe({
      name: 'held',
      handles: ['BetPlaced', 'WinPaid'],
      async handleBatch(events) {
        await held;
        handled.push(...events.map(({ event }) => event.type));
      },
    });
    const server = createRoundService(
      database.db,
      createInProcessWalletClient(createWalletApiService(database.db, bus, createLedgerService(database.db))),
      log,
      seedsInMemory(),
    );
    const { userId, sessions } = await playerWithSessions();
    const session = sessions[0]!;
    // The delivery is held, and the round answers all the same.
    const answered = await Promise.race([
      server.play(session, { bet: bet(session), requestId: randomUUID() }),
      new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 3_000)),
    ]);
    expect(answered).not.toBe('waiting');
    expect(handled).toEqual([]);
    release();
    await bus.idle();
    expect(handled).toEqual(['BetPlaced', 'WinPaid']);
    expectPaid(answered as RoundResult, await scBalance(userId));
  });

  it("plays a player's second round of a group on the balances the first left, and a refused round beside them", async () => {
    const server = await gameServer();
    const twice = await playerWithSessions(2);
    const other = await playerWithSessions();
    const broke = await playerWithSessions();
    // Everything but less than one bet: this player's round is refused, the others' are paid.
    // (As the owner: the checked path is a step of the server's calls, not one of them.)
    const { owner } = await testServer();
    const stake = bet(twice.sessions[0]!);
    await statementRows(
      owner.db,
      `select wallet_bet_win_checked('drain-' || $1, 'fp', 'fp', 'drain-win-' || $1, 'fp', 'fp', $2, $3, 'drain-' || $1, 'SC', $4::bigint, 0)`,
      [randomUUID(), broke.userId, broke.sessions[0]!.casinoGameId, 10_000 - cents(stake) + 1],
    );
    const [first, second, paid, refused] = await Promise.allSettled([
      server.play(twice.sessions[0]!, { bet: stake, requestId: randomUUID() }),
      server.play(twice.sessions[1]!, { bet: stake, requestId: randomUUID() }),
      server.play(other.sessions[0]!, { bet: stake, requestId: randomUUID() }),
      server.play(broke.sessions[0]!, { bet: stake, requestId: randomUUID() }),
    ]);
    const [a, b] = [(first as PromiseFulfilledResult<RoundResult>).value, (second as PromiseFulfilledResult<RoundResult>).value];
    // One after the other, in either order: the later round starts from the balance the earlier left.
    const [earlier, later] = cents(a.balanceBefore) === 10_000 ? [a, b] : [b, a];
    expect(cents(earlier.balanceBefore)).toBe(10_000);
    expect(cents(later.balanceBefore)).toBe(cents(earlier.balanceAfter));
    expect(cents(later.balanceAfter)).toBe(cents(later.balanceBefore) - cents(later.bet) + cents(later.win));
    expect(await scBalance(twice.userId)).toBe(cents(later.balanceAfter));
    expectPaid((paid as PromiseFulfilledResult<RoundResult>).value, await scBalance(other.userId));
    expect(refused.status).toBe('rejected');
    expect(((refused as PromiseRejectedResult).reason as AppError).errorName).toBe('InsufficientBalance');
    expect(await scBalance(broke.userId)).toBe(cents(stake) - 1);
    // The three paid rounds committed together.
    expect(await committed([a.roundId, b.roundId, (paid as PromiseFulfilledResult<RoundResult>).value.roundId])).toEqual({
      rounds: 3,
      settled: 3,
      transactions: 1,
    });
  });

  it('keeps every coin when game servers play the same players at once: balances equal their rounds, none below zero', async (context) => {
    const { database } = await testServer();
    // The race only proves something on PostgreSQL: PGlite runs one statement at a time.
    if (database.kind !== 'postgres') return context.skip();
    const servers = await Promise.all([gameServer(5_000), gameServer(5_000), gameServer(5_000)]);
    const players = await Promise.all(Array.from({ length: 5 }, () => playerWithSessions(3)));
    // The two largest steps up to 10 SC: 100 SC is ten or more such bets, and some of the 36
    // rounds a player plays may be refused for lack of funds.
    const steps = players[0]!.sessions[0]!.title.betSteps.filter((step) => step <= 1_000).slice(-2);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, n) =>
        players.flatMap(({ sessions }) =>
          servers.map((server, index) => server.play(sessions[index]!, { bet: steps[n % steps.length]! / 100, requestId: randomUUID() })),
        ),
      ).flat(),
    );
    const rounds = outcomes.filter((outcome) => outcome.status === 'fulfilled').map((outcome) => outcome.value);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect((outcome.reason as AppError).errorName).toBe('InsufficientBalance');
    }
    expect(rounds.length).toBeGreaterThan(0);
    for (const player of players) {
      const [row] = await statementRows<{ net: string; n: number }>(
        database.db,
        `select coalesce(sum(win - bet), 0) as net, count(*)::int as n from rgs_rounds where user_id = $1 and status = 'settled'`,
        [player.userId],
      );
      const balance = await scBalance(player.userId);
      expect(balance).toBe(10_000 + Number(row!.net));
      expect(balance).toBeGreaterThanOrEqual(0);
      const [ledger] = await statementRows<{ total: string }>(
        database.db,
        `select coalesce(sum(e.amount), 0) as total from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where a.user_id = $1 and a.coin = 'SC'`,
        [player.userId],
      );
      expect(Number(ledger!.total)).toBe(balance);
    }
  });
});
