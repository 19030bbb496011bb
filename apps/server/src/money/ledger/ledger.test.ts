import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { postgresError } from '../../db/errors.js';
import { AppError } from '../../http/errors.js';
import { testServer } from '../../test/harness.js';
import { standaloneLedger, type StandaloneLedger } from './testing.js';
import { auditPlayerAccounts, createTestPlayers, entrySumsPerCoin } from './test-players.js';
import type { Balances } from './types.js';

let db: Database;
/** The tables' owner: what is written by hand below, the server's role may not write at all. */
let ownerDb: Database;
let ledger: StandaloneLedger;

beforeAll(async () => {
  const server = await testServer();
  db = server.database.db;
  ownerDb = server.owner.db;
  ledger = standaloneLedger(db);
});

async function player(): Promise<number> {
  const [id] = await createTestPlayers(db, 1);
  return id!;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).errorName;
}

const zero: Balances = { gc: 0, bsc: 0, psc: 0, wsc: 0 };

describe('ledger movements', () => {
  it('credits bonus GC to GC and bonus SC to the bonus balance', async () => {
    const userId = await player();
    const result = await ledger.creditBonus({
      userId,
      gc: 500_000,
      sc: 250,
      reason: 'welcome_bonus',
      idempotencyKey: `t:${userId}:welcome`,
    });
    expect(result).toMatchObject({ replayed: false, balancesBefore: zero, balancesAfter: { gc: 500_000, bsc: 250, psc: 0, wsc: 0 } });
    expect(await ledger.balances(userId)).toEqual({ gc: 500_000, bsc: 250, psc: 0, wsc: 0 });
  });

  it('credits purchased SC to the unplayed balance', async () => {
    const userId = await player();
    await ledger.creditPurchase({ userId, gc: 1000, sc: 2000, idempotencyKey: `t:${userId}:buy` });
    expect(await ledger.balances(userId)).toEqual({ gc: 1000, bsc: 0, psc: 2000, wsc: 0 });
  });

  it('replays a key: the first result comes back and nothing moves again', async () => {
    const userId = await player();
    const key = `t:${userId}:replay`;
    const first = await ledger.creditBonus({ userId, gc: 100, sc: 100, reason: 'daily_bonus', idempotencyKey: key });
    const again = await ledger.creditBonus({ userId, gc: 100, sc: 100, reason: 'daily_bonus', idempotencyKey: key });
    expect(again).toEqual({ ...first, replayed: true });
    expect(await ledger.balances(userId)).toEqual({ gc: 100, bsc: 100, psc: 0, wsc: 0 });
  });

  it('refuses the same key with a different request (3011) and moves nothing', async () => {
    const userId = await player();
    const key = `t:${userId}:reuse`;
    await ledger.creditBonus({ userId, gc: 100, sc: 0, reason: 'daily_bonus', idempotencyKey: key });
    expect(await refusal(ledger.creditBonus({ userId, gc: 200, sc: 0, reason: 'daily_bonus', idempotencyKey: key }))).toBe(
      'IdempotencyKeyReused',
    );
    expect(await refusal(ledger.debitBet({ userId, coin: 'GC', amount: 100, idempotencyKey: key }))).toBe('IdempotencyKeyReused');
    expect(await ledger.balances(userId)).toEqual({ gc: 100, bsc: 0, psc: 0, wsc: 0 });
  });

  it('takes an SC bet from bonus, then unplayed, then redeemable SC', async () => {
    const userId = await player();
    await ledger.creditBonus({ userId, gc: 0, sc: 300, reason: 'welcome_bonus', idempotencyKey: `t:${userId}:b` });
    await ledger.creditPurchase({ userId, gc: 0, sc: 500, idempotencyKey: `t:${userId}:p` });
    await ledger.debitBet({ userId, coin: 'SC', amount: 100, idempotencyKey: `t:${userId}:bet0` });
    await ledger.creditWin({ userId, coin: 'SC', amount: 400, idempotencyKey: `t:${userId}:win0` });
    expect(await ledger.balances(userId)).toEqual({ gc: 0, bsc: 200, psc: 500, wsc: 400 });
    const bet = await ledger.debitBet({ userId, coin: 'SC', amount: 900, idempotencyKey: `t:${userId}:bet1` });
    expect(bet.balancesAfter).toEqual({ gc: 0, bsc: 0, psc: 0, wsc: 200 });
  });

  it('refuses a bet larger than the balance and moves nothing', async () => {
    const userId = await player();
    await ledger.creditBonus({ userId, gc: 1000, sc: 100, reason: 'welcome_bonus', idempotencyKey: `t:${userId}:b` });
    expect(await refusal(ledger.debitBet({ userId, coin: 'SC', amount: 101, idempotencyKey: `t:${userId}:bet` }))).toBe(
      'InsufficientBalance',
    );
    expect(await refusal(ledger.debitBet({ userId, coin: 'GC', amount: 1001, idempotencyKey: `t:${userId}:bet2` }))).toBe(
      'InsufficientBalance',
    );
    expect(await ledger.balances(userId)).toEqual({ gc: 1000, bsc: 100, psc: 0, wsc: 0 });
    // A refused key was not used up: the same request can succeed once funds arrive.
    expect(await ledger.findTransfer(`t:${userId}:bet`)).toBeNull();
  });

  it('credits GC wins to GC and SC wins to redeemable SC', async () => {
    const userId = await player();
    await ledger.creditWin({ userId, coin: 'GC', amount: 700, idempotencyKey: `t:${userId}:w1` });
    await ledger.creditWin({ userId, coin: 'SC', amount: 30, idempotencyKey: `t:${userId}:w2` });
    const none = await ledger.creditWin({ userId, coin: 'SC', amount: 0, idempotencyKey: `t:${userId}:w3` });
    expect(none.balancesAfter).toEqual(none.balancesBefore);
    expect(await ledger.balances(userId)).toEqual({ gc: 700, bsc: 0, psc: 0, wsc: 30 });
  });

  it('rolls a bet back exactly, each SC part to where it came from, once', async () => {
    const userId = await player();
    await ledger.creditBonus({ userId, gc: 0, sc: 100, reason: 'welcome_bonus', idempotencyKey: `t:${userId}:b` });
    await ledger.creditPurchase({ userId, gc: 0, sc: 100, idempotencyKey: `t:${userId}:p` });
    await ledger.creditWin({ userId, coin: 'SC', amount: 100, idempotencyKey: `t:${userId}:w` });
    await ledger.debitBet({ userId, coin: 'SC', amount: 250, idempotencyKey: `t:${userId}:bet` });
    expect(await ledger.balances(userId)).toEqual({ gc: 0, bsc: 0, psc: 0, wsc: 50 });
    const rollback = await ledger.rollbackBet({ userId, betIdempotencyKey: `t:${userId}:bet`, idempotencyKey: `t:${userId}:rb1` });
    expect(rollback.balancesAfter).toEqual({ gc: 0, bsc: 100, psc: 100, wsc: 100 });
    const second = await ledger.rollbackBet({ userId, betIdempotencyKey: `t:${userId}:bet`, idempotencyKey: `t:${userId}:rb2` });
    expect(second).toEqual({ ...rollback, replayed: true });
    expect(await ledger.balances(userId)).toEqual({ gc: 0, bsc: 100, psc: 100, wsc: 100 });
  });

  it('refuses to roll back a bet that does not exist or belongs to another player', async () => {
    const [userId, other] = await createTestPlayers(db, 2);
    await ledger.creditBonus({ userId: other!, gc: 100, sc: 0, reason: 'welcome_bonus', idempotencyKey: `t:${other}:b` });
    await ledger.debitBet({ userId: other!, coin: 'GC', amount: 100, idempotencyKey: `t:${other}:bet` });
    expect(
      await refusal(ledger.rollbackBet({ userId: userId!, betIdempotencyKey: `t:${userId}:none`, idempotencyKey: `t:${userId}:rb` })),
    ).toBe('NotFound');
    expect(
      await refusal(ledger.rollbackBet({ userId: userId!, betIdempotencyKey: `t:${other}:bet`, idempotencyKey: `t:${userId}:rb` })),
    ).toBe('NotFound');
    expect(await ledger.balances(userId!)).toEqual(zero);
  });

  it('lets only redeemable SC go to pending redemption, and brings it back on cancel', async () => {
    const userId = await player();
    await ledger.creditBonus({ userId, gc: 10_000, sc: 5000, reason: 'welcome_bonus', idempotencyKey: `t:${userId}:b` });
    await ledger.creditWin({ userId, coin: 'SC', amount: 6000, idempotencyKey: `t:${userId}:w` });
    expect(await refusal(ledger.moveToPendingRedemption({ userId, amount: 6001, idempotencyKey: `t:${userId}:r0` }))).toBe(
      'InsufficientBalance',
    );
    await ledger.moveToPendingRedemption({ userId, amount: 6000, idempotencyKey: `t:${userId}:r1` });
    expect(await ledger.balances(userId)).toEqual({ gc: 10_000, bsc: 5000, psc: 0, wsc: 0 });
    expect(await ledger.pendingRedemption(userId)).toBe(6000);
    await ledger.releasePendingRedemption({ userId, amount: 2000, outcome: 'cancelled', idempotencyKey: `t:${userId}:c` });
    await ledger.releasePendingRedemption({ userId, amount: 4000, outcome: 'paid', idempotencyKey: `t:${userId}:paid` });
    expect(await ledger.balances(userId)).toEqual({ gc: 10_000, bsc: 5000, psc: 0, wsc: 2000 });
    expect(await ledger.pendingRedemption(userId)).toBe(0);
    expect(await refusal(ledger.releasePendingRedemption({ userId, amount: 1, outcome: 'failed', idempotencyKey: `t:${userId}:f` }))).toBe(
      'InsufficientBalance',
    );
  });

  it('refuses amounts that are not positive whole hundredths', async () => {
    const userId = await player();
    expect(await refusal(ledger.debitBet({ userId, coin: 'GC', amount: 0, idempotencyKey: `t:${userId}:a` }))).toBe(
      'RequestInputValidation',
    );
    expect(await refusal(ledger.debitBet({ userId, coin: 'GC', amount: 1.5, idempotencyKey: `t:${userId}:b` }))).toBe(
      'RequestInputValidation',
    );
    expect(await refusal(ledger.creditBonus({ userId, gc: -1, sc: 5, reason: 'daily_bonus', idempotencyKey: `t:${userId}:c` }))).toBe(
      'RequestInputValidation',
    );
  });

  it('keeps every transfer balanced per coin and cached balances equal to the entries', async () => {
    const userId = await player();
    await ledger.creditBonus({ userId, gc: 900, sc: 90, reason: 'welcome_bonus', idempotencyKey: `t:${userId}:b` });
    await ledger.debitBet({ userId, coin: 'SC', amount: 40, idempotencyKey: `t:${userId}:bet` });
    await ledger.creditWin({ userId, coin: 'SC', amount: 80, idempotencyKey: `t:${userId}:w` });
    expect(await entrySumsPerCoin(db, [userId])).toEqual({ GC: 0, SC: 0 });
    for (const account of await auditPlayerAccounts(db, [userId])) expect(account.cached).toBe(account.entries);
  });
});

describe('GC bets and wins moved by the balance update (the fast way of ledger_move)', () => {
  it('answers with every balance before and after, and keeps the entries equal to the balances', async () => {
    const userId = await player();
    await ledger.creditBonus({ userId, gc: 1000, sc: 300, reason: 'welcome_bonus', idempotencyKey: `t:${userId}:b` });
    await ledger.creditPurchase({ userId, gc: 0, sc: 200, idempotencyKey: `t:${userId}:p` });
    await ledger.creditWin({ userId, coin: 'SC', amount: 50, idempotencyKey: `t:${userId}:sw` });
    await ledger.moveToPendingRedemption({ userId, amount: 20, idempotencyKey: `t:${userId}:r` });
    const bet = await ledger.debitBet({ userId, coin: 'GC', amount: 400, idempotencyKey: `t:${userId}:bet` });
    expect(bet).toMatchObject({
      replayed: false,
      balancesBefore: { gc: 1000, bsc: 300, psc: 200, wsc: 30 },
      balancesAfter: { gc: 600, bsc: 300, psc: 200, wsc: 30 },
    });
    const win = await ledger.creditWin({ userId, coin: 'GC', amount: 150, idempotencyKey: `t:${userId}:win` });
    expect(win.balancesAfter).toEqual({ gc: 750, bsc: 300, psc: 200, wsc: 30 });
    expect(win.transferId).toBeGreaterThan(bet.transferId);
    expect(await ledger.pendingRedemption(userId)).toBe(20);
    expect(await entrySumsPerCoin(db, [userId])).toEqual({ GC: 0, SC: 0 });
    for (const account of await auditPlayerAccounts(db, [userId])) expect(account.cached).toBe(account.entries);
  });

  it('takes the whole GC balance, refuses one more, and still replays the first bet', async () => {
    const userId = await player();
    await ledger.creditBonus({ userId, gc: 1000, sc: 0, reason: 'welcome_bonus', idempotencyKey: `t:${userId}:b` });
    const bet = await ledger.debitBet({ userId, coin: 'GC', amount: 1000, idempotencyKey: `t:${userId}:all` });
    expect(bet.balancesAfter.gc).toBe(0);
    expect(await refusal(ledger.debitBet({ userId, coin: 'GC', amount: 1, idempotencyKey: `t:${userId}:more` }))).toBe(
      'InsufficientBalance',
    );
    expect(await ledger.debitBet({ userId, coin: 'GC', amount: 1000, idempotencyKey: `t:${userId}:all` })).toEqual({
      ...bet,
      replayed: true,
    });
    expect(await ledger.balances(userId)).toEqual(zero);
  });

  it('moves nothing when a key is used again, by the same player or by another (3011)', async () => {
    const [userId, other] = await createTestPlayers(db, 2);
    for (const id of [userId!, other!]) {
      await ledger.creditBonus({ userId: id, gc: 1000, sc: 0, reason: 'welcome_bonus', idempotencyKey: `t:${id}:b` });
    }
    const key = `t:${userId}:gc-bet`;
    const bet = await ledger.debitBet({ userId: userId!, coin: 'GC', amount: 100, idempotencyKey: key });
    expect(await ledger.debitBet({ userId: userId!, coin: 'GC', amount: 100, idempotencyKey: key })).toEqual({ ...bet, replayed: true });
    expect(await refusal(ledger.debitBet({ userId: userId!, coin: 'GC', amount: 200, idempotencyKey: key }))).toBe('IdempotencyKeyReused');
    expect(await refusal(ledger.creditWin({ userId: userId!, coin: 'GC', amount: 100, idempotencyKey: key }))).toBe('IdempotencyKeyReused');
    expect(await refusal(ledger.debitBet({ userId: other!, coin: 'GC', amount: 100, idempotencyKey: key }))).toBe('IdempotencyKeyReused');
    expect(await refusal(ledger.creditWin({ userId: other!, coin: 'GC', amount: 100, idempotencyKey: key }))).toBe('IdempotencyKeyReused');
    expect(await ledger.balances(userId!)).toEqual({ gc: 900, bsc: 0, psc: 0, wsc: 0 });
    expect(await ledger.balances(other!)).toEqual({ gc: 1000, bsc: 0, psc: 0, wsc: 0 });
    expect(await entrySumsPerCoin(db, [userId!, other!])).toEqual({ GC: 0 });
    for (const account of await auditPlayerAccounts(db, [userId!, other!])) expect(account.cached).toBe(account.entries);
  });

  it("pays a GC win as a player's first movement, opening their accounts", async () => {
    const userId = await player();
    const win = await ledger.creditWin({ userId, coin: 'GC', amount: 250, idempotencyKey: `t:${userId}:first` });
    expect(win).toMatchObject({ replayed: false, balancesBefore: zero, balancesAfter: { gc: 250, bsc: 0, psc: 0, wsc: 0 } });
    const none = await ledger.creditWin({ userId, coin: 'GC', amount: 0, idempotencyKey: `t:${userId}:zero` });
    expect(none.balancesAfter).toEqual(none.balancesBefore);
    expect(await ledger.balances(userId)).toEqual({ gc: 250, bsc: 0, psc: 0, wsc: 0 });
  });
});

describe('credit reversals (a refunded purchase, a referral reward taken back)', () => {
  it('takes a credit back from the accounts it went to, once, whatever the key of a second try', async () => {
    const userId = await player();
    await ledger.creditPurchase({ userId, gc: 1_000, sc: 300, idempotencyKey: `t:${userId}:buy` });
    await ledger.creditBonus({ userId, gc: 50, sc: 20, reason: 'referral_reward', idempotencyKey: `t:${userId}:ref` });
    const reversal = await ledger.reverseCredit({
      userId,
      creditIdempotencyKey: `t:${userId}:buy`,
      reason: 'purchase_reversal',
      idempotencyKey: `t:${userId}:rev1`,
    });
    expect(reversal).toMatchObject({
      replayed: false,
      balancesBefore: { gc: 1_050, bsc: 20, psc: 300, wsc: 0 },
      balancesAfter: { gc: 50, bsc: 20, psc: 0, wsc: 0 },
    });
    const again = await ledger.reverseCredit({
      userId,
      creditIdempotencyKey: `t:${userId}:buy`,
      reason: 'purchase_reversal',
      idempotencyKey: `t:${userId}:rev2`,
    });
    expect(again).toEqual({ ...reversal, replayed: true });
    const bonus = await ledger.reverseCredit({
      userId,
      creditIdempotencyKey: `t:${userId}:ref`,
      reason: 'referral_reward_reversal',
      idempotencyKey: `t:${userId}:rev3`,
    });
    expect(bonus.balancesAfter).toEqual(zero);
    expect(await ledger.balances(userId)).toEqual(zero);
    expect(await entrySumsPerCoin(db, [userId])).toEqual({ GC: 0, SC: 0 });
    for (const account of await auditPlayerAccounts(db, [userId])) expect(account.cached).toBe(account.entries);
  });

  it('never takes a balance below zero: what was played already stays played', async () => {
    const userId = await player();
    await ledger.creditBonus({ userId, gc: 2_000, sc: 100, reason: 'referral_reward', idempotencyKey: `t:${userId}:ref` });
    await ledger.debitBet({ userId, coin: 'GC', amount: 1_500, idempotencyKey: `t:${userId}:bet1` });
    await ledger.debitBet({ userId, coin: 'SC', amount: 100, idempotencyKey: `t:${userId}:bet2` });
    await ledger.creditWin({ userId, coin: 'SC', amount: 70, idempotencyKey: `t:${userId}:win` });
    const reversal = await ledger.reverseCredit({
      userId,
      creditIdempotencyKey: `t:${userId}:ref`,
      reason: 'referral_reward_reversal',
      idempotencyKey: `t:${userId}:rev`,
    });
    // 500 GC of 2,000 were left; the bonus SC was played (its win is redeemable SC, not the bonus).
    expect(reversal.balancesAfter).toEqual({ gc: 0, bsc: 0, psc: 0, wsc: 70 });
    expect(await ledger.balances(userId)).toEqual({ gc: 0, bsc: 0, psc: 0, wsc: 70 });
    const nothingLeft = await player();
    await ledger.creditBonus({ userId: nothingLeft, gc: 10, sc: 0, reason: 'referral_reward', idempotencyKey: `t:${nothingLeft}:ref` });
    await ledger.debitBet({ userId: nothingLeft, coin: 'GC', amount: 10, idempotencyKey: `t:${nothingLeft}:bet` });
    const empty = await ledger.reverseCredit({
      userId: nothingLeft,
      creditIdempotencyKey: `t:${nothingLeft}:ref`,
      reason: 'referral_reward_reversal',
      idempotencyKey: `t:${nothingLeft}:rev`,
    });
    expect(empty.balancesAfter).toEqual(zero);
    expect(await entrySumsPerCoin(db, [userId, nothingLeft])).toEqual({ GC: 0, SC: 0 });
  });

  it('refuses to reverse what is not a purchase or referral credit of this player', async () => {
    const [userId, other] = await createTestPlayers(db, 2);
    await ledger.creditPurchase({ userId: other!, gc: 100, sc: 0, idempotencyKey: `t:${other}:buy` });
    await ledger.creditBonus({ userId: userId!, gc: 100, sc: 0, reason: 'daily_bonus', idempotencyKey: `t:${userId}:daily` });
    const reverse = (creditIdempotencyKey: string, key: string) =>
      refusal(ledger.reverseCredit({ userId: userId!, creditIdempotencyKey, reason: 'purchase_reversal', idempotencyKey: key }));
    expect(await reverse(`t:${other}:buy`, `t:${userId}:r1`)).toBe('NotFound');
    expect(await reverse(`t:${userId}:daily`, `t:${userId}:r2`)).toBe('NotFound');
    expect(await reverse(`t:${userId}:none`, `t:${userId}:r3`)).toBe('NotFound');
    expect(await ledger.balances(userId!)).toEqual({ ...zero, gc: 100 });
    expect(await ledger.balances(other!)).toEqual({ ...zero, gc: 100 });
  });
});

describe('ledger history', () => {
  it('pages a player movements newest first, filtered by reason', async () => {
    const userId = await player();
    await ledger.creditBonus({ userId, gc: 100, sc: 10, reason: 'welcome_bonus', idempotencyKey: `t:${userId}:1` });
    await ledger.creditBonus({ userId, gc: 50, sc: 5, reason: 'daily_bonus', idempotencyKey: `t:${userId}:2` });
    await ledger.debitBet({ userId, coin: 'SC', amount: 7, idempotencyKey: `t:${userId}:3`, reference: 'round-1' });
    const first = await ledger.history({ userId, page: 1, limit: 2 });
    expect(first.count).toBe(3);
    expect(first.rows.map((row) => [row.reason, row.gc, row.sc, row.reference])).toEqual([
      ['bet', 0, -7, 'round-1'],
      ['daily_bonus', 50, 5, null],
    ]);
    const second = await ledger.history({ userId, page: 2, limit: 2 });
    expect(second.rows.map((row) => row.reason)).toEqual(['welcome_bonus']);
    const bonuses = await ledger.history({ userId, reasons: ['welcome_bonus', 'daily_bonus'], page: 1, limit: 10 });
    expect(bonuses).toMatchObject({ count: 2 });
    const future = await ledger.history({ userId, from: new Date(Date.now() + 60_000), page: 1, limit: 10 });
    expect(future).toEqual({ rows: [], count: 0 });
  });

  it('is answered from the (player, time) index', async () => {
    const userId = await player();
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result: unknown = await tx.execute(
        sql`explain select id from ledger_transfers where user_id = ${userId} order by created_at desc, id desc limit 10`,
      );
      return JSON.stringify((result as { rows: unknown[] }).rows);
    });
    expect(plan).toContain('ledger_transfers_user_created_idx');
  });
});

describe('ledger guarantees in the database', () => {
  it('never updates or deletes an entry or a transfer', async () => {
    const userId = await player();
    const { transferId } = await ledger.creditBonus({ userId, gc: 100, sc: 0, reason: 'daily_bonus', idempotencyKey: `t:${userId}:b` });
    await expect(ownerDb.execute(sql`update ledger_entries set amount = amount * 2 where transfer_id = ${transferId}`)).rejects.toThrow();
    await expect(ownerDb.execute(sql`delete from ledger_entries where transfer_id = ${transferId}`)).rejects.toThrow();
    await expect(ownerDb.execute(sql`delete from ledger_transfers where id = ${transferId}`)).rejects.toThrow();
    expect(await ledger.balances(userId)).toEqual({ gc: 100, bsc: 0, psc: 0, wsc: 0 });
  });

  it('refuses a player balance below zero even when written by hand', async () => {
    const userId = await player();
    await ledger.creditBonus({ userId, gc: 100, sc: 0, reason: 'daily_bonus', idempotencyKey: `t:${userId}:b` });
    const refused = await ownerDb
      .execute(sql`update ledger_accounts set balance = -1 where user_id = ${userId} and kind = 'GC'`)
      .catch((error: unknown) => error);
    expect(postgresError(refused, '23514')?.constraint).toBe('ledger_accounts_player_balance_check');
    expect((await ledger.balances(userId)).gc).toBe(100);
  });

  it('refuses a ledger account of the wrong shape, written or changed by hand', async () => {
    const userId = await player();
    await ledger.creditBonus({ userId, gc: 100, sc: 0, reason: 'daily_bonus', idempotencyKey: `t:${userId}:b` });
    const attempts = [
      // A house kind for a player, a player kind for the house, a coin that does not exist.
      sql`insert into ledger_accounts (user_id, kind, coin, balance) values (${userId}, 'GAME_PLAY', 'GC', 0)`,
      sql`insert into ledger_accounts (user_id, kind, coin, balance) values (null, 'SC_BONUS', 'SC', null)`,
      sql`insert into ledger_accounts (user_id, kind, coin, balance) values (null, 'ADJUSTMENTS', 'XX', null)`,
      // An existing account turned into another kind, or into the other coin.
      sql`update ledger_accounts set kind = 'SC_BONUS' where user_id = ${userId} and kind = 'GC'`,
      sql`update ledger_accounts set coin = 'SC' where user_id = ${userId} and kind = 'GC'`,
    ];
    for (const attempt of attempts) {
      const refused = await ownerDb.execute(attempt).catch((error: unknown) => error);
      expect(postgresError(refused, '23514')?.message).toMatch(/^there is no ledger account of kind/);
    }
    expect(await ledger.balances(userId)).toMatchObject({ gc: 100 });
  });

  /** Adds entries to a transfer by hand, each statement given as (kind, coin, amount) legs of the player's accounts. */
  async function addEntriesByHand(userId: number, transferId: number, statements: [kind: string, coin: string, amount: number][][]) {
    return ownerDb
      .transaction(async (tx) => {
        for (const legs of statements) {
          const values = sql.join(
            legs.map(([kind, coin, amount]) => sql`(${kind}, ${coin}, ${amount}::bigint)`),
            sql`, `,
          );
          await tx.execute(
            sql`insert into ledger_entries (transfer_id, account_id, coin, amount)
                select ${transferId}, a.id, leg.coin, leg.amount
                from (values ${values}) as leg (kind, coin, amount)
                join ledger_accounts a on a.user_id = ${userId} and a.kind = leg.kind`,
          );
        }
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
  }

  it('refuses entries written by hand that do not sum to zero per coin', async () => {
    const userId = await player();
    const { transferId } = await ledger.creditBonus({ userId, gc: 100, sc: 0, reason: 'daily_bonus', idempotencyKey: `t:${userId}:b` });
    const refused = await addEntriesByHand(userId, transferId, [[['SC_BONUS', 'SC', 5]]]);
    // Refused by the balance check (raise_exception), not by a key.
    expect(postgresError(refused, 'P0001')?.message).toMatch(/does not sum to zero per coin/);
    expect(await entrySumsPerCoin(db, [userId])).toEqual({ GC: 0 });
  });

  it('refuses a statement out of balance even when a later statement of the transaction would balance it', async () => {
    const userId = await player();
    const { transferId } = await ledger.creditBonus({ userId, gc: 100, sc: 0, reason: 'daily_bonus', idempotencyKey: `t:${userId}:b` });
    // Checked per statement (ledger_entries_balanced): +5 then -5 on the same coin is refused at the first.
    const refused = await addEntriesByHand(userId, transferId, [[['SC_BONUS', 'SC', 5]], [['SC_UNPLAYED', 'SC', -5]]]);
    expect(postgresError(refused, 'P0001')?.message).toMatch(/does not sum to zero per coin/);
    expect(await entrySumsPerCoin(db, [userId])).toEqual({ GC: 0 });
  });
});
