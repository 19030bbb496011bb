import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { promoCodes, referrals, users } from '../../db/schema/index.js';
import { newClient, uniqueName } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { logIn, newCredentials, signUpBody, tokenFromLatestMail, type TestCredentials } from '../auth/test-players.js';
import { balances, packageBySlug, payWithCard, TEST_CARDS } from '../payments/payment-helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const onPostgres = Boolean(process.env.DATABASE_URL);

/** A promo code of this test's own (codes are global): amounts in hundredths. */
async function promoCode(values: Partial<typeof promoCodes.$inferInsert> = {}): Promise<string> {
  const { database } = await testServer();
  const code = uniqueName('PC')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 20);
  await database.db
    .insert(promoCodes)
    .values({ code, gcAmount: 500_000, scAmount: 300, validFrom: new Date(Date.now() - DAY_MS), ...values });
  return code;
}

async function signUp(
  extra: Record<string, unknown> = {},
  prefix = 'pr',
  headers?: Record<string, string>,
): Promise<{ credentials: TestCredentials; status: number; body: unknown }> {
  const credentials = newCredentials(prefix);
  const response = await (
    await newClient()
  ).post('user/sign-up', signUpBody(credentials, { isMarketingAccepted: true, ...extra }), headers);
  return { credentials, status: response.status, body: response.body };
}

async function verify(credentials: TestCredentials) {
  const token = await tokenFromLatestMail(credentials.email, '/user/verifyEmail');
  return (await newClient()).get('user/verifyEmail', { token });
}

async function userIdOf(credentials: TestCredentials): Promise<number> {
  const { database } = await testServer();
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, credentials.email));
  return row!.id;
}

async function signedIn(credentials: TestCredentials): Promise<TestClient> {
  const client = await newClient();
  expect((await logIn(client, credentials)).status).toBe(200);
  return client;
}

describe('promo codes', () => {
  it('credits the bonus once, when the e-mail is verified, and the transaction history shows it', async () => {
    const code = await promoCode({ gcAmount: 750_000, scAmount: 450 });
    const { credentials, status } = await signUp({ promoCode: code.toLowerCase() });
    expect(status).toBe(200);
    const userId = await userIdOf(credentials);
    expect(await balances(userId)).toMatchObject({ gc: 0, bsc: 0 });

    const verified = await verify(credentials);
    expect(verified.status).toBe(200);
    expect(verified.body.data?.promoBonus).toEqual({
      promoCode: code,
      credited: true,
      gcAmount: 7_500,
      scAmount: 4.5,
      message: `Promo code ${code}: 7,500.00 GC and 4.50 SC have been added to your balance.`,
    });
    expect(await balances(userId)).toMatchObject({ gc: 750_000, bsc: 450 });

    const client = await signedIn(credentials);
    const history = await client.get('payment/transactions', { page: 1, limit: 10, actionType: 'bonus' });
    expect(history.status).toBe(200);
    expect(history.body.data).toMatchObject({ count: 1, rows: [{ transactiontype: 'promo_code', gccoin: 7_500, sccoin: 4.5, status: 1 }] });

    const { database } = await testServer();
    const [row] = await database.db.select({ uses: promoCodes.uses }).from(promoCodes).where(eq(promoCodes.code, code));
    expect(row?.uses).toBe(1);
  });

  it('refuses an unknown, expired, not yet valid, switched-off or used-up code at sign-up, as a promoCode field error', async () => {
    const expired = await promoCode({ validFrom: new Date(Date.now() - 3 * DAY_MS), validUntil: new Date(Date.now() - DAY_MS) });
    const future = await promoCode({ validFrom: new Date(Date.now() + DAY_MS) });
    const off = await promoCode({ isActive: false });
    const usedUp = await promoCode({ maxUses: 1, uses: 1 });
    const cases: [string, number, string][] = [
      ['NOSUCHCODE99', 3785, 'This promo code is not valid.'],
      [expired, 3786, 'This promo code has expired.'],
      [future, 3785, 'This promo code is not valid.'],
      [off, 3785, 'This promo code is not valid.'],
      [usedUp, 3787, 'This promo code has already been used the maximum number of times.'],
    ];
    for (const [code, errorCode, message] of cases) {
      const { status, body } = await signUp({ promoCode: code });
      expect(status, code).toBe(400);
      const error = (body as { errors: { errorCode: number; description: string; details: unknown }[] }).errors[0]!;
      expect(error.errorCode).toBe(errorCode);
      expect(error.description).toBe(message);
      expect(error.details).toEqual({ issues: [{ field: 'promoCode', message }] });
    }
  });

  it('explains a code that ran out between sign-up and verification, and credits nothing', async () => {
    const code = await promoCode({ maxUses: 1 });
    const first = await signUp({ promoCode: code });
    const second = await signUp({ promoCode: code });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await verify(first.credentials)).body.data?.promoBonus).toMatchObject({ credited: true });
    const late = await verify(second.credentials);
    expect(late.status).toBe(200);
    expect(late.body.data?.promoBonus).toEqual({
      promoCode: code,
      credited: false,
      gcAmount: 0,
      scAmount: 0,
      message: `Promo code ${code} could not be applied: This promo code has already been used the maximum number of times.`,
    });
    expect(await balances(await userIdOf(second.credentials))).toMatchObject({ gc: 0, bsc: 0 });
  });

  it.skipIf(!onPostgres)('gives the last uses of a code to exactly that many of the players verifying at once (PostgreSQL)', async () => {
    const code = await promoCode({ maxUses: 3, gcAmount: 100_000, scAmount: 100 });
    const players = [];
    for (let index = 0; index < 8; index += 1) players.push((await signUp({ promoCode: code }, 'prr')).credentials);
    const tokens = await Promise.all(players.map((credentials) => tokenFromLatestMail(credentials.email, '/user/verifyEmail')));
    const client = await newClient();
    const results = await Promise.all(tokens.map((token) => client.get('user/verifyEmail', { token })));
    expect(results.map((result) => result.status)).toEqual(Array(8).fill(200));
    const credited = results.filter((result) => (result.body.data?.promoBonus as { credited: boolean }).credited);
    expect(credited).toHaveLength(3);
    const wallets = await Promise.all(players.map(async (credentials) => balances(await userIdOf(credentials))));
    expect(wallets.filter((wallet) => wallet.gc === 100_000 && wallet.bsc === 100)).toHaveLength(3);
    expect(wallets.filter((wallet) => wallet.gc === 0 && wallet.bsc === 0)).toHaveLength(5);
    const { database } = await testServer();
    const [row] = await database.db.select({ uses: promoCodes.uses }).from(promoCodes).where(eq(promoCodes.code, code));
    expect(row?.uses).toBe(3);
  });
});

describe('referrals', () => {
  async function referrer() {
    const { credentials } = await signUp({}, 'rf');
    await verify(credentials);
    const client = await signedIn(credentials);
    const details = await client.get('referral/details');
    expect(details.status).toBe(200);
    return { credentials, client, userId: await userIdOf(credentials), details: details.body.data as Record<string, unknown> };
  }

  it('gives each player a stable referral link to the register page', async () => {
    const { client, details } = await referrer();
    const { config } = await testServer();
    expect(details.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(details.referralLink).toBe(`${config.publicUrl}/register?referralcode=${details.referralCode as string}`);
    expect(details).toMatchObject({
      referredCount: 0,
      rewardedCount: 0,
      reward: { gcAmount: 20_000, scAmount: 10, isActive: true },
      friends: [],
    });
    expect((await client.get('referral/details')).body.data?.referralCode).toBe(details.referralCode);
    expect((await (await newClient()).get('referral/details')).status).toBe(401);
  });

  it("credits the referrer once, on the referred player's first purchase, not on the second", async () => {
    const host = await referrer();
    // A friend on a device of their own (the same device as the referrer's holds the reward: referral-rewards.test.ts).
    const { credentials } = await signUp({ friendsReferralCode: (host.details.referralCode as string).toLowerCase() }, 'rd', {
      'user-agent': "A friend's phone",
    });
    await verify(credentials);
    const friendId = await userIdOf(credentials);
    const { database } = await testServer();
    const [link] = await database.db.select().from(referrals).where(eq(referrals.referredUserId, friendId));
    expect(link?.referrerUserId).toBe(host.userId);
    expect(await balances(host.userId)).toMatchObject({ gc: 0, bsc: 0 });

    const friend = await signedIn(credentials);
    const pkg = await packageBySlug('starter-199');
    expect((await payWithCard(friend, pkg, TEST_CARDS.visa)).state).toBe('SUCCEEDED');
    await expect.poll(async () => (await balances(host.userId)).gc, { timeout: 10_000 }).toBe(2_000_000);
    expect(await balances(host.userId)).toMatchObject({ gc: 2_000_000, bsc: 1_000 });

    expect((await payWithCard(friend, pkg, TEST_CARDS.visa)).state).toBe('SUCCEEDED');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await balances(host.userId)).toMatchObject({ gc: 2_000_000, bsc: 1_000 });

    const details = (await host.client.get('referral/details')).body.data;
    expect(details).toMatchObject({ referredCount: 1, rewardedCount: 1, earned: { gcAmount: 20_000, scAmount: 10 } });
    expect((details?.friends as { username: string; rewarded: boolean }[])[0]).toMatchObject({
      username: `${credentials.userName.slice(0, 2)}${'*'.repeat(credentials.userName.length - 2)}`,
      rewarded: true,
    });
  });

  it('signs up without a referrer when the code is unknown', async () => {
    const { credentials, status } = await signUp({ friendsReferralCode: 'ZZZZZZZZ' }, 'ru');
    expect(status).toBe(200);
    const { database } = await testServer();
    const rows = await database.db.execute(sql`select 1 from referrals where referred_user_id = ${await userIdOf(credentials)}`);
    expect(((rows as { rows?: unknown[] }).rows ?? (rows as unknown[])).length).toBe(0);
  });
});
