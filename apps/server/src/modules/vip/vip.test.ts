import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { vipRakebackCredits, vipTierRewards } from '../../db/schema/index.js';
import { createEventBus } from '../../events/event-bus.js';
import { createLedgerService } from '../../money/ledger/ledger-service.js';
import { anyGameId, walletCall } from '../../rgs/test-support.js';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { fundPlayer, signedInClient, testLedger } from '../../test/signed-in.js';
import { createVipService } from './service.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

interface Detail {
  currentTier: { vipTierId: number; name: string };
  nextTier: { vipTierId: number; name: string } | null;
  percentage: number;
  totalScSpend: number;
  totalGcSpend: number;
}

async function player(sc: number) {
  const signedIn = await signedInClient('vip');
  await fundPlayer(signedIn.userId, { sc: sc * 100 });
  return signedIn;
}

async function bet(userId: number, amount: number, round = `round-${randomUUID()}`) {
  const transactionId = `tx-${randomUUID()}`;
  const response = await walletCall('bet', { transactionId, userId, gameId: await anyGameId(), roundId: round, coin: 'SC', amount });
  expect(response.status).toBe(200);
  return { round, transactionId };
}

async function detail(client: Awaited<ReturnType<typeof signedInClient>>['client']): Promise<Detail> {
  return (await client.get('user/profile')).body.data!.vipTierDetail as Detail;
}

describe('VIP progress', () => {
  it('starts at Bronze with Silver next, and moves with SC played, from the money core events', async () => {
    const { client, userId } = await player(1_000);
    expect(await detail(client)).toEqual({
      currentTier: { vipTierId: 1, name: 'Bronze', boost: 1, rakeback: 0.5, scRequiredPlay: 0, gcRequiredPurchase: 0 },
      nextTier: { vipTierId: 2, name: 'Silver', boost: 2, rakeback: 1, scRequiredPlay: 500, gcRequiredPurchase: 50_000 },
      percentage: 0,
      totalScSpend: 0,
      totalGcSpend: 0,
    });
    await bet(userId, 200);
    await expect.poll(async () => (await detail(client)).totalScSpend).toBe(200);
    expect(await detail(client)).toMatchObject({ percentage: 40, currentTier: { name: 'Bronze' } });

    // A rolled-back bet does not count.
    const placed = await bet(userId, 50);
    await expect.poll(async () => (await detail(client)).totalScSpend).toBe(250);
    const rollback = await walletCall('rollback', {
      transactionId: `tx-${randomUUID()}`,
      betTransactionId: placed.transactionId,
      userId,
      gameId: await anyGameId(),
      roundId: placed.round,
    });
    expect(rollback.status).toBe(200);
    await expect.poll(async () => (await detail(client)).totalScSpend).toBe(200);

    // GC play moves nothing.
    await fundPlayer(userId, { gc: 10_000 });
    const gcBet = await walletCall('bet', {
      transactionId: `tx-${randomUUID()}`,
      userId,
      gameId: await anyGameId(),
      roundId: `round-${randomUUID()}`,
      coin: 'GC',
      amount: 10,
    });
    expect(gcBet.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await detail(client)).totalScSpend).toBe(200);
  });

  it('credits the Silver reward once on reaching it, and the tier list marks Bronze and Silver claimed', async () => {
    const { client, userId } = await player(1_000);
    await bet(userId, 300);
    await bet(userId, 250);
    await expect.poll(async () => (await detail(client)).currentTier.name).toBe('Silver');
    expect(await detail(client)).toMatchObject({ nextTier: { name: 'Gold' }, totalScSpend: 550, percentage: 2 });
    // 1,000 SC funded - 550 played + 5 SC Silver reward; 10,000 GC reward.
    await expect.poll(async () => (await (await testLedger()).balances(userId)).gc).toBe(1_000_000);
    expect(await (await testLedger()).balances(userId)).toMatchObject({ gc: 1_000_000, bsc: 45_500 });
    await bet(userId, 10);
    await expect.poll(async () => (await detail(client)).totalScSpend).toBe(560);
    expect((await (await testLedger()).balances(userId)).gc).toBe(1_000_000);

    const tiers = await client.get('rewards/vip-tier');
    expect(tiers.status).toBe(200);
    const list = tiers.body.data!.vipTiers as { name: string; isClaimed: boolean; bonusGc: number; bonusSc: number }[];
    expect(list.map((tier) => tier.name)).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond', 'Emerald', 'Ruby']);
    expect(list.map((tier) => tier.isClaimed)).toEqual([true, true, false, false, false, false, false]);
    expect(list[1]).toMatchObject({ bonusGc: 10_000, bonusSc: 5 });
    expect((await (await newClient()).get('rewards/vip-tier')).status).toBe(401);
  });

  it.skipIf(!onPostgres)('credits a tier reward once when eight bets cross its threshold together (PostgreSQL)', async () => {
    const { client, userId } = await player(2_000);
    await bet(userId, 420);
    await expect.poll(async () => (await detail(client)).totalScSpend).toBe(420);
    await Promise.all(Array.from({ length: 8 }, () => bet(userId, 20)));
    await expect.poll(async () => (await detail(client)).totalScSpend).toBe(580);
    expect((await detail(client)).currentTier.name).toBe('Silver');
    const { database } = await testServer();
    await expect.poll(async () => (await (await testLedger()).balances(userId)).gc).toBe(1_000_000);
    expect(
      await database.db
        .select()
        .from(vipTierRewards)
        .where(and(eq(vipTierRewards.userId, userId), eq(vipTierRewards.vipTierId, 2))),
    ).toHaveLength(1);
    expect(await (await testLedger()).balances(userId)).toMatchObject({ gc: 1_000_000, bsc: 2_000_00 - 580_00 + 500 });
  });
});

describe('rakeback', () => {
  it("credits the tier's share of the day's SC net loss once, as bonus SC", async () => {
    const { userId } = await player(1_000);
    const game = await anyGameId();
    const round = `round-${randomUUID()}`;
    await walletCall('bet', { transactionId: `tx-${randomUUID()}`, userId, gameId: game, roundId: round, coin: 'SC', amount: 100 });
    await walletCall('win', { transactionId: `tx-${randomUUID()}`, userId, gameId: game, roundId: round, coin: 'SC', amount: 20 });
    const { database } = await testServer();
    const vip = createVipService(
      database.db,
      createEventBus(database.db, { log: { error: () => undefined } }),
      createLedgerService(database.db),
    );
    const today = new Date().toISOString().slice(0, 10);
    const before = await (await testLedger()).balances(userId);
    await expect
      .poll(async () => {
        await vip.creditRakeback(today);
        return (await database.db.select().from(vipRakebackCredits).where(eq(vipRakebackCredits.userId, userId))).length;
      })
      .toBe(1);
    // Bronze: 0.5% of (100 - 20) SC = 0.40 SC.
    const [credit] = await database.db.select().from(vipRakebackCredits).where(eq(vipRakebackCredits.userId, userId));
    expect(credit).toMatchObject({ day: today, scWagered: 10_000, scWon: 2_000, rakebackBps: 50, amount: 40 });
    expect((await (await testLedger()).balances(userId)).bsc).toBe(before.bsc + 40);
    await vip.creditRakeback(today);
    expect((await (await testLedger()).balances(userId)).bsc).toBe(before.bsc + 40);
  });
});
