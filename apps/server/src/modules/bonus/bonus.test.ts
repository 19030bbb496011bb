import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bonusSettings, ledgerTransfers } from '../../db/schema/index.js';
import { signedInPlayer } from '../../money/ledger/test-players.js';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';

interface Wallet {
  gcCoin: number;
  totalScCoin: number;
  scCoin: { wsc: number; bsc: number; psc: number };
}

async function wallet(client: Awaited<ReturnType<typeof signedInPlayer>>['client']): Promise<Wallet> {
  const response = await client.get('user/profile');
  expect(response.status).toBe(200);
  return response.body.data!.userWallet as Wallet;
}

describe('welcome bonus', () => {
  it('shows the seeded amounts, active, unclaimed and allowed for a verified player', async () => {
    const { client } = await signedInPlayer();
    const response = await client.get('bonus/welcome-bonus');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ gcAmount: 10_000, scAmount: 2, isActive: true, isClaimed: false, isAllowed: true });
  });

  it('credits GC and bonus SC once, with the seed message, and the profile shows it', async () => {
    const { client } = await signedInPlayer();
    const before = await client.get('user/profile');
    expect(before.body.data).toMatchObject({ isWelcomeBonusClaimed: false, isWelcomeBonusAllowed: true });
    expect(before.body.data!.userWallet).toEqual({ gcCoin: 0, totalScCoin: 0, scCoin: { wsc: 0, bsc: 0, psc: 0 } });

    const claim = await client.post('bonus/welcome-bonus');
    expect(claim.status).toBe(200);
    expect(claim.body.message).toBe('Bonus successfully redeemed');
    expect(claim.body.data).toEqual({
      gcAmount: 10_000,
      scAmount: 2,
      userWallet: { gcCoin: 10_000, totalScCoin: 2, scCoin: { wsc: 0, bsc: 2, psc: 0 } },
    });

    const again = await client.post('bonus/welcome-bonus');
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0]?.errorCode).toBe(3120);

    const after = await client.get('user/profile');
    expect(after.body.data).toMatchObject({ isWelcomeBonusClaimed: true, isWelcomeBonusAllowed: true });
    expect(after.body.data!.userWallet).toEqual({ gcCoin: 10_000, totalScCoin: 2, scCoin: { wsc: 0, bsc: 2, psc: 0 } });
    expect((await client.get('bonus/welcome-bonus')).body.data).toMatchObject({ isClaimed: true, isAllowed: false });
  });

  it('is not allowed before the e-mail is verified', async () => {
    const { client } = await signedInPlayer({ verified: false });
    expect((await client.get('bonus/welcome-bonus')).body.data).toMatchObject({ isAllowed: false, isClaimed: false });
    expect((await client.get('user/profile')).body.data).toMatchObject({ isWelcomeBonusAllowed: false });
    const claim = await client.post('bonus/welcome-bonus');
    expect(claim.status).toBe(400);
    expect(claim.body.errors?.[0]?.errorCode).toBe(3122);
    expect(await wallet(client)).toMatchObject({ gcCoin: 0, totalScCoin: 0 });
  });
});

describe('daily bonus', () => {
  it('is claimed once per UTC day and opens again at the next UTC midnight', async () => {
    const { client } = await signedInPlayer();
    const offer = await client.get('bonus/daily-bonus');
    expect(offer.body.data).toMatchObject({ gcAmount: 1000, scAmount: 0.5, isActive: true, isClaimed: false });
    // The next claim opens at a UTC midnight, less than a day ahead.
    const next = new Date(offer.body.data!.nextClaimAt as string);
    expect(next.toISOString()).toMatch(/T00:00:00\.000Z$/);
    expect(next.getTime() - Date.now()).toBeGreaterThan(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect((await client.get('user/profile')).body.data).toMatchObject({ isDailyBonusClaimed: false });

    const claim = await client.post('bonus/daily-bonus');
    expect(claim.status).toBe(200);
    expect(claim.body.message).toBe('Bonus successfully redeemed');
    expect(claim.body.data).toMatchObject({ gcAmount: 1000, scAmount: 0.5 });

    const again = await client.post('bonus/daily-bonus');
    expect(again.body.errors?.[0]).toMatchObject({ errorCode: 3120, name: 'BonusAlreadyClaimed' });
    expect((await client.get('bonus/daily-bonus')).body.data).toMatchObject({ isClaimed: true });
    expect((await client.get('user/profile')).body.data).toMatchObject({ isDailyBonusClaimed: true });
    expect(await wallet(client)).toEqual({ gcCoin: 1000, totalScCoin: 0.5, scCoin: { wsc: 0, bsc: 0.5, psc: 0 } });
  });

  it('credits exactly once when twenty claims arrive together', async () => {
    const { client, userId } = await signedInPlayer();
    const responses = await Promise.all(Array.from({ length: 20 }, () => client.post('bonus/daily-bonus')));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.body.errors?.[0]?.errorCode === 3120)).toHaveLength(19);
    expect(await wallet(client)).toEqual({ gcCoin: 1000, totalScCoin: 0.5, scCoin: { wsc: 0, bsc: 0.5, psc: 0 } });
    const { database } = await testServer();
    const transfers = await database.db
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `bonus:daily:${userId}:%`));
    expect(transfers).toHaveLength(1);
  });

  it('credits the welcome bonus exactly once when twenty claims arrive together', async () => {
    const { client } = await signedInPlayer();
    const responses = await Promise.all(Array.from({ length: 20 }, () => client.post('bonus/welcome-bonus')));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(await wallet(client)).toMatchObject({ gcCoin: 10_000, totalScCoin: 2 });
  });

  it('cannot be claimed while the operator has switched it off', async () => {
    const { client } = await signedInPlayer();
    const { database } = await testServer();
    await database.db.update(bonusSettings).set({ isActive: false }).where(eq(bonusSettings.bonusType, 'daily'));
    try {
      expect((await client.get('bonus/daily-bonus')).body.data).toMatchObject({ isActive: false });
      const claim = await client.post('bonus/daily-bonus');
      expect(claim.body.errors?.[0]?.errorCode).toBe(3121);
      expect(await wallet(client)).toMatchObject({ gcCoin: 0 });
    } finally {
      await database.db.update(bonusSettings).set({ isActive: true }).where(eq(bonusSettings.bonusType, 'daily'));
    }
  });
});

describe('all bonuses', () => {
  it('lists the welcome and daily bonus with this player state', async () => {
    const { client } = await signedInPlayer();
    await client.post('bonus/daily-bonus');
    const response = await client.get('bonus/get-all-bonus');
    expect(response.body.data).toEqual({
      rows: [
        { bonusType: 'welcome', gcAmount: 10_000, scAmount: 2, isActive: true, isClaimed: false },
        { bonusType: 'daily', gcAmount: 1000, scAmount: 0.5, isActive: true, isClaimed: true },
      ],
      count: 2,
    });
  });

  it('needs a signed-in player', async () => {
    const visitor = await newClient();
    for (const path of ['bonus/welcome-bonus', 'bonus/daily-bonus', 'bonus/get-all-bonus']) {
      expect((await visitor.get(path)).status).toBe(401);
    }
    expect((await visitor.post('bonus/daily-bonus')).status).toBe(401);
  });
});
