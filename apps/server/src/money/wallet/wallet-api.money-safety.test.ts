import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../../test/harness.js';
import { fundPlayer, signedInClient, testLedger } from '../../test/signed-in.js';
import { anyGameId, walletCall } from '../../rgs/test-support.js';

/**
 * Coins are never lost or paid twice around the seamless wallet: every bet,
 * win and rollback is one database transaction, decided under the player's lock.
 *
 * The races only prove something on PostgreSQL (DATABASE_URL): PGlite runs one transaction at a
 * time, so there the concurrent pairs simply run one after the other.
 */

async function fundedPlayer(sc: number) {
  const player = await signedInClient('safe');
  await fundPlayer(player.userId, { sc });
  return player;
}

async function scBalance(userId: number): Promise<number> {
  const balances = await (await testLedger()).balances(userId);
  return balances.bsc + balances.psc + balances.wsc;
}

const txId = () => `tx-${randomUUID()}`;
const newRoundId = () => `round-${randomUUID()}`;

describe('seamless wallet: a bet and its rollback sent at the same moment', () => {
  it('ends every pair with the balance it started with, refunding a taken bet exactly once', async () => {
    const pairs = 60;
    const player = await fundedPlayer(pairs * 100);
    const game = await anyGameId();
    const before = await scBalance(player.userId);
    const outcomes = await Promise.all(
      Array.from({ length: pairs }, async () => {
        const bet = { transactionId: txId(), userId: player.userId, gameId: game, roundId: newRoundId(), coin: 'SC', amount: 1 };
        const rollback = {
          transactionId: txId(),
          betTransactionId: bet.transactionId,
          userId: player.userId,
          gameId: game,
          roundId: bet.roundId,
        };
        const [placed, reversed] = await Promise.all([walletCall('bet', bet), walletCall('rollback', rollback)]);
        return { placed, reversed };
      }),
    );
    for (const { placed, reversed } of outcomes) {
      expect(reversed.status).toBe(200);
      // Either the bet came first and was refunded, or the rollback came first and the bet is refused.
      if (placed.status !== 200) expect(placed.body.errors?.[0]?.errorCode).toBe(3408);
    }
    expect(await scBalance(player.userId)).toBe(before);
  });
});

describe('seamless wallet: a settled round', () => {
  it('refuses a second win for a round already settled, and pays nothing more', async () => {
    const player = await fundedPlayer(1_000);
    const game = await anyGameId();
    const round = newRoundId();
    const base = { userId: player.userId, gameId: game, roundId: round, coin: 'SC' };
    expect((await walletCall('bet', { ...base, transactionId: txId(), amount: 0.01 })).status).toBe(200);
    expect((await walletCall('win', { ...base, transactionId: txId(), amount: 0.5 })).status).toBe(200);
    const afterFirstWin = await scBalance(player.userId);

    const again = await walletCall('win', { ...base, transactionId: txId(), amount: 100_000 });
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0]?.errorCode).toBe(3410);
    expect(await scBalance(player.userId)).toBe(afterFirstWin);
  });

  it('pays one win when many arrive at once for the same round', async () => {
    const player = await fundedPlayer(1_000);
    const game = await anyGameId();
    const base = { userId: player.userId, gameId: game, roundId: newRoundId(), coin: 'SC' };
    expect((await walletCall('bet', { ...base, transactionId: txId(), amount: 1 })).status).toBe(200);
    const before = await scBalance(player.userId);
    const wins = await Promise.all(Array.from({ length: 20 }, () => walletCall('win', { ...base, transactionId: txId(), amount: 2 })));
    expect(wins.filter((win) => win.status === 200)).toHaveLength(1);
    expect(wins.filter((win) => win.status !== 200).map((win) => win.body.errors?.[0]?.errorCode)).toEqual(Array(19).fill(3410));
    expect(await scBalance(player.userId)).toBe(before + 200);
  });
});

/**
 * Fault injection: a trigger in the test database makes the wallet's own record write fail for
 * chosen transaction ids, after the ledger would have moved the coins. One transaction per
 * action means the failed call leaves nothing behind, and the game's rollback restores the
 * balance the player had before the bet.
 */
describe('seamless wallet: a failure while recording a transaction', () => {
  async function run(sql: string): Promise<void> {
    const { owner } = await testServer();
    await owner.withConnection(async (exec) => {
      await exec(sql);
    });
  }
  const failOnce = (transactionId: string) => run(`insert into test_wallet_faults (transaction_id) values ('${transactionId}')`);
  const clearFaults = () => run('delete from test_wallet_faults');

  beforeAll(async () => {
    await run(`
      create table if not exists test_wallet_faults (transaction_id text primary key);
      create or replace function test_wallet_fault() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from test_wallet_faults where transaction_id = new.transaction_id) then
          raise exception 'injected fault for %', new.transaction_id;
        end if;
        return new;
      end $$;
      drop trigger if exists test_wallet_fault on casino_wallet_transactions;
      create trigger test_wallet_fault before insert on casino_wallet_transactions
        for each row execute function test_wallet_fault();`);
  });
  afterAll(async () => {
    await run(
      'drop trigger if exists test_wallet_fault on casino_wallet_transactions; drop function if exists test_wallet_fault(); drop table if exists test_wallet_faults;',
    );
  });

  async function playerAndRound() {
    const player = await fundedPlayer(1_000);
    const base = { userId: player.userId, gameId: await anyGameId(), roundId: newRoundId() };
    return { player, base, before: await scBalance(player.userId) };
  }

  it('a bet whose record fails takes nothing, and its rollback leaves the balance as it was', async () => {
    const { player, base, before } = await playerAndRound();
    const bet = { ...base, transactionId: txId(), coin: 'SC', amount: 3 };
    await failOnce(bet.transactionId);
    expect((await walletCall('bet', bet)).status).toBe(500);
    await clearFaults();
    expect(await scBalance(player.userId)).toBe(before);
    const rollback = await walletCall('rollback', { ...base, transactionId: txId(), betTransactionId: bet.transactionId });
    expect(rollback.status).toBe(200);
    expect(await scBalance(player.userId)).toBe(before);
    // The bet arriving late is refused: it was rolled back before it happened.
    expect((await walletCall('bet', bet)).body.errors?.[0]?.errorCode).toBe(3408);
    expect(await scBalance(player.userId)).toBe(before);
  });

  it('a win whose record fails pays nothing, and the rollback of the bet restores the balance before it', async () => {
    const { player, base, before } = await playerAndRound();
    const bet = { ...base, transactionId: txId(), coin: 'SC', amount: 3 };
    expect((await walletCall('bet', bet)).status).toBe(200);
    const win = { ...base, transactionId: txId(), coin: 'SC', amount: 7 };
    await failOnce(win.transactionId);
    expect((await walletCall('win', win)).status).toBe(500);
    await clearFaults();
    expect(await scBalance(player.userId)).toBe(before - 300);
    const rollback = await walletCall('rollback', { ...base, transactionId: txId(), betTransactionId: bet.transactionId });
    expect(rollback.status).toBe(200);
    expect(await scBalance(player.userId)).toBe(before);
  });

  it('a rollback whose record fails refunds nothing until it is retried, then refunds once', async () => {
    const { player, base, before } = await playerAndRound();
    const bet = { ...base, transactionId: txId(), coin: 'SC', amount: 3 };
    expect((await walletCall('bet', bet)).status).toBe(200);
    const rollback = { ...base, transactionId: txId(), betTransactionId: bet.transactionId };
    await failOnce(rollback.transactionId);
    expect((await walletCall('rollback', rollback)).status).toBe(500);
    await clearFaults();
    expect(await scBalance(player.userId)).toBe(before - 300);
    expect((await walletCall('rollback', rollback)).status).toBe(200);
    expect((await walletCall('rollback', rollback)).body.data?.replayed).toBe(true);
    expect(await scBalance(player.userId)).toBe(before);
  });
});
