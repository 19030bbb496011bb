import { paymentMessages } from '@casino/contracts/store';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { packages, users } from '../../db/schema/index.js';
import { signedInPlayer } from '../../money/ledger/test-players.js';
import { newClient, uniqueName } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { balances, packageBySlug, purchaseEvents, TEST_CARDS, tokenize, webhooksDelivered, type PackageInfo } from './payment-helpers.js';

/**
 * Flash-sale offers (decision 011): a welcome offer only within
 * welcomePurchaseBonusApplicableMinutes since registration, a one-time offer until validTill,
 * each sold to a player once. The server decides: GET /details/offers lists what the player may
 * buy, and init-pay, create-instrument and the hosted checkout refuse anything else.
 */

const NO_COINS = { gc: 0, bsc: 0, psc: 0, wsc: 0 };

interface OfferRow {
  packageId: number;
  offerKind: string;
  offerEndsAt: string | null;
  amount: number;
  gcCoin: number;
}

async function offersOf(client: TestClient): Promise<OfferRow[]> {
  const response = await client.get('details/offers');
  expect(response.status).toBe(200);
  return response.body.data!.rows as unknown as OfferRow[];
}

/** A one-time offer of this test only (other tests keep the seeded ones unchanged). */
async function oneTimeOffer(validTill = new Date(Date.now() + 60 * 60_000)): Promise<PackageInfo> {
  const { database } = await testServer();
  const [row] = await database.db
    .insert(packages)
    .values({
      slug: uniqueName('offer'),
      amount: 1499,
      gcCoin: 3_000_000,
      scCoin: 3000,
      oneTimePurchaseBonusApplicable: true,
      validTill,
    })
    .returning();
  return { id: row!.id, amount: row!.amount, gcCoin: row!.gcCoin, scCoin: row!.scCoin };
}

async function endOffer(pkg: PackageInfo): Promise<void> {
  const { database } = await testServer();
  await database.db
    .update(packages)
    .set({ validTill: new Date(Date.now() - 1000) })
    .where(eq(packages.id, pkg.id));
}

/** Moves the player's registration back, as if `minutes` had passed since. */
async function registeredMinutesAgo(userId: number, minutes: number): Promise<void> {
  const { database } = await testServer();
  await database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(users.id, userId));
}

async function initPayResponse(client: TestClient, pkg: PackageInfo) {
  return client.post('payment/init-pay', { amount: pkg.amount / 100, packageId: pkg.id, paymentType: 'deposit', providerType: 'FINIX' });
}

async function intentFor(client: TestClient, pkg: PackageInfo): Promise<string> {
  const response = await initPayResponse(client, pkg);
  expect(response.status).toBe(200);
  return (response.body.data as { paymentData: { merchantRefNum: string } }).paymentData.merchantRefNum;
}

async function charge(client: TestClient, pkg: PackageInfo, merchantRefNum: string, card: string = TEST_CARDS.visa) {
  return client.post('payment/finix/create-instrument', {
    type: 'TOKEN',
    token: await tokenize(client, card),
    merchantRefNum,
    amount: pkg.amount / 100,
    packageId: pkg.id,
  });
}

describe('GET /details/offers', () => {
  it("lists the seeded welcome and one-time offers to a new player with when each ends, and keeps them out of the store's list", async () => {
    const { client } = await signedInPlayer();
    const welcome = await packageBySlug('welcome-offer-999');
    const flash = await packageBySlug('flash-sale-2499');
    const offers = await offersOf(client);
    const seeded = offers.filter((offer) => offer.packageId === welcome.id || offer.packageId === flash.id);
    expect(seeded).toHaveLength(2);
    const welcomeOffer = seeded.find((offer) => offer.packageId === welcome.id)!;
    expect(welcomeOffer).toMatchObject({ offerKind: 'welcome', amount: 9.99, gcCoin: 30_000 });
    // Registered a moment ago: the welcome offer ends 60 minutes from now.
    const left = new Date(welcomeOffer.offerEndsAt!).getTime() - Date.now();
    expect(left).toBeGreaterThan(58 * 60_000);
    expect(left).toBeLessThanOrEqual(60 * 60_000);
    expect(seeded.find((offer) => offer.packageId === flash.id)).toMatchObject({ offerKind: 'one_time', amount: 24.99 });

    const store = await client.get('details/packages', { page: 1, limit: 100 });
    const ids = (store.body.data!.rows as { packageId: number }[]).map((row) => row.packageId);
    expect(ids).not.toContain(welcome.id);
    expect(ids).not.toContain(flash.id);
  });

  it('is for signed-in players only', async () => {
    const response = await (await newClient()).get('details/offers');
    expect(response.status).toBe(401);
  });
});

describe('the welcome offer', () => {
  it('is neither listed nor sold once its minutes since registration have passed', async () => {
    const { client, userId } = await signedInPlayer();
    const welcome = await packageBySlug('welcome-offer-999');
    await registeredMinutesAgo(userId, 61);
    expect((await offersOf(client)).map((offer) => offer.packageId)).not.toContain(welcome.id);
    const refused = await initPayResponse(client, welcome);
    expect(refused.status).toBe(409);
    expect(refused.body.errors?.[0]?.errorCode).toBe(3620);
  });

  it('refuses to charge an intent made inside the window once the window has passed, and credits nothing', async () => {
    const { client, userId } = await signedInPlayer();
    const welcome = await packageBySlug('welcome-offer-999');
    const merchantRefNum = await intentFor(client, welcome);
    await registeredMinutesAgo(userId, 61);
    const refused = await charge(client, welcome, merchantRefNum);
    expect(refused.body.errors?.[0]?.errorCode).toBe(3620);
    expect(await balances(userId)).toEqual(NO_COINS);
  });

  it('is sold once: bought, it leaves the list and a second purchase is refused', async () => {
    const { client, userId } = await signedInPlayer();
    const welcome = await packageBySlug('welcome-offer-999');
    const bought = await charge(client, welcome, await intentFor(client, welcome));
    expect(bought.body.data).toMatchObject({ state: 'SUCCEEDED', message: paymentMessages.success });
    expect(await balances(userId)).toEqual({ gc: 3_000_000, bsc: 0, psc: 3000, wsc: 0 });
    expect((await offersOf(client)).map((offer) => offer.packageId)).not.toContain(welcome.id);
    const again = await initPayResponse(client, welcome);
    expect(again.body.errors?.[0]?.errorCode).toBe(3621);
    expect(await balances(userId)).toEqual({ gc: 3_000_000, bsc: 0, psc: 3000, wsc: 0 });
  });
});

describe('a one-time offer', () => {
  it('is refused after validTill, at init-pay and for an intent made before', async () => {
    const { client, userId } = await signedInPlayer();
    const offer = await oneTimeOffer();
    expect((await offersOf(client)).find((row) => row.packageId === offer.id)).toMatchObject({ offerKind: 'one_time' });
    const madeBefore = await intentFor(client, offer);
    await endOffer(offer);
    expect((await offersOf(client)).map((row) => row.packageId)).not.toContain(offer.id);
    const initPay = await initPayResponse(client, offer);
    expect(initPay.body.errors?.[0]?.errorCode).toBe(3620);
    const charged = await charge(client, offer, madeBefore);
    expect(charged.body.errors?.[0]?.errorCode).toBe(3620);
    expect(await balances(userId)).toEqual(NO_COINS);
  });

  it('refuses a second purchase, also of an intent made before the first was paid', async () => {
    const { client, userId } = await signedInPlayer();
    const offer = await oneTimeOffer();
    const first = await intentFor(client, offer);
    const second = await intentFor(client, offer);
    expect((await charge(client, offer, first)).body.data).toMatchObject({ state: 'SUCCEEDED' });
    const refused = await charge(client, offer, second);
    expect(refused.body.errors?.[0]?.errorCode).toBe(3621);
    expect((await initPayResponse(client, offer)).body.errors?.[0]?.errorCode).toBe(3621);
    await webhooksDelivered(client, first, 1);
    expect(await balances(userId)).toEqual({ gc: 3_000_000, bsc: 0, psc: 3000, wsc: 0 });
    expect(await purchaseEvents(userId)).toBe(1);
  });

  it('stays on sale after a declined card, and is bought with the next one', async () => {
    const { client, userId } = await signedInPlayer();
    const offer = await oneTimeOffer();
    const declined = await charge(client, offer, await intentFor(client, offer), TEST_CARDS.declined);
    expect(declined.body.data).toMatchObject({ state: 'FAILED', message: paymentMessages.declined });
    expect((await offersOf(client)).map((row) => row.packageId)).toContain(offer.id);
    const bought = await charge(client, offer, await intentFor(client, offer));
    expect(bought.body.data).toMatchObject({ state: 'SUCCEEDED' });
    expect(await balances(userId)).toEqual({ gc: 3_000_000, bsc: 0, psc: 3000, wsc: 0 });
  });

  it("is another player's to buy too: one player's purchase does not end it for the others", async () => {
    const offer = await oneTimeOffer();
    const a = await signedInPlayer();
    const b = await signedInPlayer();
    expect((await charge(a.client, offer, await intentFor(a.client, offer))).body.data).toMatchObject({ state: 'SUCCEEDED' });
    expect((await offersOf(b.client)).map((row) => row.packageId)).toContain(offer.id);
    expect((await charge(b.client, offer, await intentFor(b.client, offer))).body.data).toMatchObject({ state: 'SUCCEEDED' });
  });
});

// The race only proves something on PostgreSQL: PGlite runs one statement at a time.
describe.skipIf(!process.env.DATABASE_URL)('a one-time offer bought many times at once (PostgreSQL)', () => {
  it('charges and credits exactly one purchase; the others are refused with 3621', async () => {
    const { client, userId } = await signedInPlayer();
    const offer = await oneTimeOffer();
    const attempts = 8;
    const refs = await Promise.all(Array.from({ length: attempts }, () => intentFor(client, offer)));
    const tokens = await Promise.all(refs.map(() => tokenize(client, TEST_CARDS.visa)));
    const results = await Promise.all(
      refs.map((merchantRefNum, index) =>
        client.post('payment/finix/create-instrument', {
          type: 'TOKEN',
          token: tokens[index],
          merchantRefNum,
          amount: offer.amount / 100,
          packageId: offer.id,
        }),
      ),
    );
    const succeeded = results.filter((result) => (result.body.data as { state?: string } | undefined)?.state === 'SUCCEEDED');
    const refused = results.filter((result) => result.body.errors?.[0]?.errorCode === 3621);
    expect(succeeded).toHaveLength(1);
    expect(refused).toHaveLength(attempts - 1);
    expect(await balances(userId)).toEqual({ gc: 3_000_000, bsc: 0, psc: 3000, wsc: 0 });
    expect(await purchaseEvents(userId)).toBe(1);
  });
});

describe('a one-time offer through the hosted checkout', () => {
  async function checkoutIntent(client: TestClient, pkg: PackageInfo): Promise<string> {
    const response = await client.post('payment/init-pay', {
      amount: pkg.amount / 100,
      packageId: pkg.id,
      paymentType: 'deposit',
      providerType: 'PAYSAFE',
    });
    expect(response.status).toBe(200);
    return (response.body.data as { paymentData: { merchantRefNum: string } }).paymentData.merchantRefNum;
  }

  async function handle(client: TestClient, merchantRefNum: string, pkg: PackageInfo): Promise<string> {
    const response = await client.request<{ paymentHandleToken: string }>('POST', '/sandbox/paysafe/handles', {
      body: {
        merchantRefNum,
        amount: pkg.amount,
        currency: 'USD',
        method: 'CARD',
        card: { number: TEST_CARDS.visa, expiry: '12/34', cvc: '123' },
      },
    });
    expect(response.status).toBe(200);
    return response.body.paymentHandleToken;
  }

  const complete = (client: TestClient, merchantRefNum: string, paymentHandleToken: string) =>
    client.post('payment/paysafe', { merchantRefNum, paymentHandleToken, paymentType: 'deposit' });

  it('is paid once: a replayed completion answers the first result, a second intent is refused with 3621', async () => {
    const { client, userId } = await signedInPlayer();
    const offer = await oneTimeOffer();
    const first = await checkoutIntent(client, offer);
    const second = await checkoutIntent(client, offer);
    const token = await handle(client, first, offer);
    const replays = await Promise.all(Array.from({ length: 3 }, () => complete(client, first, token)));
    for (const response of replays) expect(response.body.data).toMatchObject({ success: true, status: 1 });
    const refused = await complete(client, second, await handle(client, second, offer));
    expect(refused.body.errors?.[0]?.errorCode).toBe(3621);
    expect(await balances(userId)).toEqual({ gc: 3_000_000, bsc: 0, psc: 3000, wsc: 0 });
    expect(await purchaseEvents(userId)).toBe(1);
  });

  it('refuses to complete after validTill and credits nothing', async () => {
    const { client, userId } = await signedInPlayer();
    const offer = await oneTimeOffer();
    const ref = await checkoutIntent(client, offer);
    const token = await handle(client, ref, offer);
    await endOffer(offer);
    expect((await complete(client, ref, token)).body.errors?.[0]?.errorCode).toBe(3620);
    expect(await balances(userId)).toEqual(NO_COINS);
  });
});
