import { paymentMessages, transactionStatus } from '@casino/contracts/store';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentAlerts } from '../../db/schema/index.js';
import { signedInPlayer } from '../../money/ledger/test-players.js';
import { newClient } from '../../test/api.js';
import { signWebhook } from '../../providers/payments/card-processor.js';
import { testServer } from '../../test/harness.js';
import {
  balances,
  initPay,
  intentOf,
  packageBySlug,
  payWithCard,
  postWebhook,
  purchaseEvents,
  signedWebhook,
  TEST_CARDS,
  tokenize,
  webhooksDelivered,
} from './payment-helpers.js';

const NO_COINS = { gc: 0, bsc: 0, psc: 0, wsc: 0 };
// Every player here is new, so a first purchase of a package up to $99.99 carries the seeded
// first-purchase bonus (100 %): its GC and SC are credited doubled.

describe('GET /details/packages', () => {
  it('lists the seeded ladder from $1.99 to $499.99 with every Package field', async () => {
    const client = await newClient();
    const response = await client.get('details/packages', { page: 1, limit: 20 });
    expect(response.status).toBe(200);
    const rows = response.body.data!.rows as Record<string, unknown>[];
    expect(response.body.data!.count).toBe(10);
    expect(rows.map((row) => row.amount)).toEqual([1.99, 4.99, 9.99, 19.99, 29.99, 49.99, 99.99, 199.99, 299.99, 499.99]);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        'packageId',
        'createdAt',
        'packageType',
        'showPackageType',
        'amount',
        'previousAmount',
        'gcCoin',
        'scCoin',
        'imageUrl',
        'isPromo',
        'firstPurchaseApplicable',
        'welcomePurchaseBonusApplicable',
        'welcomePurchaseBonusApplicableMinutes',
        'oneTimePurchaseBonusApplicable',
        'validTill',
      ].sort(),
    );
    expect(rows[5]).toMatchObject({ amount: 49.99, previousAmount: 59.99, packageType: 'Hot Deal', showPackageType: true, gcCoin: 52_000 });
    expect(rows[0]).toMatchObject({ packageType: null, showPackageType: false, previousAmount: null, gcCoin: 2000, scCoin: 2 });
  });

  it('pages with page and limit', async () => {
    const client = await newClient();
    const second = await client.get('details/packages', { page: 2, limit: 4 });
    expect(second.body.data!.count).toBe(10);
    expect((second.body.data!.rows as { amount: number }[]).map((row) => row.amount)).toEqual([29.99, 49.99, 99.99, 199.99]);
  });
});

describe('POST /payment/init-pay', () => {
  it('creates an intent at the package price with limitCheck not reached', async () => {
    const { client } = await signedInPlayer();
    const pkg = await packageBySlug('silver-999');
    const response = await client.post('payment/init-pay', {
      amount: 9.99,
      packageId: pkg.id,
      paymentType: 'deposit',
      providerType: 'FINIX',
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      success: true,
      limitCheck: { limitReached: false },
      data: { providerType: 'FINIX' },
      paymentData: { amount: 9.99, currency: 'USD' },
    });
    const ref = (response.body.data as { paymentData: { merchantRefNum: string; cardFormUrl: string } }).paymentData;
    expect(ref.cardFormUrl).toMatch(/^\/sandbox\/finix\/card-form/);
    expect(await intentOf(ref.merchantRefNum)).toMatchObject({ status: 0, amount: 999, gcCoin: 1_000_000, scCoin: 1000 });
  });

  it('refuses another amount than the price, an unknown package and a visitor', async () => {
    const { client } = await signedInPlayer();
    const pkg = await packageBySlug('silver-999');
    const cheaper = await client.post('payment/init-pay', {
      amount: 0.99,
      packageId: pkg.id,
      paymentType: 'deposit',
      providerType: 'FINIX',
    });
    expect(cheaper.body.errors?.[0]?.errorCode).toBe(3601);
    const negative = await client.post('payment/init-pay', {
      amount: -5,
      packageId: pkg.id,
      paymentType: 'deposit',
      providerType: 'FINIX',
    });
    expect(negative.status).toBe(400);
    expect(JSON.stringify(negative.body)).toContain('Please enter a valid positive amount.');
    const unknown = await client.post('payment/init-pay', {
      amount: 9.99,
      packageId: 999_999,
      paymentType: 'deposit',
      providerType: 'FINIX',
    });
    expect(unknown.body.errors?.[0]?.errorCode).toBe(3600);
    const visitor = await (
      await newClient()
    ).post('payment/init-pay', { amount: 9.99, packageId: pkg.id, paymentType: 'deposit', providerType: 'FINIX' });
    expect(visitor.status).toBe(401);
  });
});

describe('card payments', () => {
  it('credits GC to GC and SC to unplayed once for a succeeding card, and refuses paying the intent twice', async () => {
    const { client, userId } = await signedInPlayer();
    const pkg = await packageBySlug('gold-1999');
    const result = await payWithCard(client, pkg, TEST_CARDS.visa);
    expect(result).toMatchObject({ state: 'SUCCEEDED', threeDSecureUrl: null, message: paymentMessages.success });
    expect(await balances(userId)).toEqual({ gc: 4_000_000, bsc: 0, psc: 4100, wsc: 0 });

    // The vendor's webhook for the same transfer arrives too: nothing more is credited.
    await webhooksDelivered(client, result.merchantRefNum, 1);
    expect(await balances(userId)).toEqual({ gc: 4_000_000, bsc: 0, psc: 4100, wsc: 0 });
    expect(await purchaseEvents(userId)).toBe(1);

    const status = await client.get('payment/status', { providerType: 'FINIX', paymentReference: result.merchantRefNum });
    expect(status.body.data).toMatchObject({ status: 1, message: paymentMessages.success, amount: 19.99, gcCoin: 40_000, scCoin: 41 });

    const again = await client.post('payment/finix/create-instrument', {
      token: await tokenize(client, TEST_CARDS.visa),
      merchantRefNum: result.merchantRefNum,
      amount: 19.99,
      packageId: pkg.id,
    });
    expect(again.body.errors?.[0]?.errorCode).toBe(3603);
    expect(await balances(userId)).toMatchObject({ gc: 4_000_000, psc: 4100 });
  });

  it.each([
    ['Mastercard', TEST_CARDS.mastercard],
    ['Discover', TEST_CARDS.discover],
    ['Amex', TEST_CARDS.amex],
  ])('accepts %s', async (_brand, card) => {
    const { client, userId } = await signedInPlayer();
    const result = await payWithCard(client, await packageBySlug('starter-199'), card);
    expect(result.state).toBe('SUCCEEDED');
    expect(await balances(userId)).toMatchObject({ gc: 400_000, psc: 400 });
  });

  it('records a declined card with status 6 and the seed message, and credits nothing', async () => {
    const { client, userId } = await signedInPlayer();
    const result = await payWithCard(client, await packageBySlug('silver-999'), TEST_CARDS.declined);
    expect(result).toMatchObject({ state: 'FAILED', message: paymentMessages.declined });
    expect(await intentOf(result.merchantRefNum)).toMatchObject({ status: transactionStatus.declined, creditedTransferId: null });
    const status = await client.get('payment/status', { providerType: 'FINIX', paymentReference: result.merchantRefNum });
    expect(status.body.data).toMatchObject({ status: 6, message: 'The payment was declined' });
    expect(await balances(userId)).toEqual(NO_COINS);
  });

  it('refuses a card number that the processor cannot tokenise, before anything reaches our API', async () => {
    const client = await newClient();
    const response = await client.request<{ message: string }>('POST', '/sandbox/finix/v1/tokens', {
      body: { number: '4111 1111 1111 1112', expiry: '12/34', cvc: '123' },
    });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Your card number is invalid.');
  });

  it('credits after a 3-D Secure challenge is passed, seen by the status check', async () => {
    const { client, userId } = await signedInPlayer();
    const result = await payWithCard(client, await packageBySlug('silver-999'), TEST_CARDS.challenge);
    expect(result.state).toBe('PENDING');
    expect(result.threeDSecureUrl).toMatch(/^\/sandbox\/finix\/3ds\//);
    expect(await intentOf(result.merchantRefNum)).toMatchObject({ status: transactionStatus.inProcess });
    expect(await balances(userId)).toEqual(NO_COINS);

    const page = await client.request<string>('GET', result.threeDSecureUrl!);
    expect(page.body).toContain('3-D Secure verification');
    const challenge = await client.request<{ state: string }>('POST', result.threeDSecureUrl!, { body: { outcome: 'pass' } });
    expect(challenge.body.state).toBe('SUCCEEDED');

    const status = await client.get('payment/status', { providerType: 'FINIX', paymentReference: result.merchantRefNum });
    expect(status.body.data).toMatchObject({ status: 1, message: paymentMessages.success });
    await webhooksDelivered(client, result.merchantRefNum, 2);
    expect(await balances(userId)).toEqual({ gc: 2_000_000, bsc: 0, psc: 2000, wsc: 0 });
    expect(await purchaseEvents(userId)).toBe(1);
  });

  it('records a failed 3-D Secure challenge with status 3 and the seed message, and credits nothing', async () => {
    const { client, userId } = await signedInPlayer();
    const result = await payWithCard(client, await packageBySlug('silver-999'), TEST_CARDS.challenge);
    await client.request('POST', result.threeDSecureUrl!, { body: { outcome: 'fail' } });
    await webhooksDelivered(client, result.merchantRefNum, 2);
    const status = await client.get('payment/status', { providerType: 'FINIX', paymentReference: result.merchantRefNum });
    expect(status.body.data).toMatchObject({ status: 3, message: paymentMessages.failed });
    expect(await balances(userId)).toEqual(NO_COINS);
  });

  it('settles a charge whose answer was lost from the processor webhook, once', async () => {
    const { client, userId } = await signedInPlayer();
    const silver = await packageBySlug('silver-999');
    const merchantRefNum = await initPay(client, silver);
    const response = await client.post('payment/finix/create-instrument', {
      token: await tokenize(client, TEST_CARDS.lostResponse),
      merchantRefNum,
      amount: 9.99,
      packageId: silver.id,
    });
    expect(response.status).toBe(503);
    expect(response.body.errors?.[0]).toMatchObject({ errorCode: 3607, description: 'Please try after some time' });
    // Charged or not is unknown to us: the intent stays in process, never back to pending.
    await webhooksDelivered(client, merchantRefNum, 1);
    const status = await client.get('payment/status', { providerType: 'FINIX', paymentReference: merchantRefNum });
    expect(status.body.data).toMatchObject({ status: 1 });
    expect(await balances(userId)).toEqual({ gc: 2_000_000, bsc: 0, psc: 2000, wsc: 0 });
    expect(await purchaseEvents(userId)).toBe(1);
  });

  it('keeps a saved card (brand and last four only), pays with it, and removes it', async () => {
    const { client, userId } = await signedInPlayer();
    const pkg = await packageBySlug('starter-199');
    await payWithCard(client, pkg, TEST_CARDS.mastercard, { isSaveCard: true });
    const list = await client.get('payment/finix/saved-cards');
    const cards = list.body.data!.rows as { paymentInformationId: number; brand: string; lastFour: string }[];
    expect(cards).toEqual([expect.objectContaining({ brand: 'MASTERCARD', lastFour: '4444' })]);

    const merchantRefNum = await initPay(client, pkg);
    const paid = await client.post('payment/finix/create-instrument', {
      paymentInformationId: cards[0]!.paymentInformationId,
      merchantRefNum,
      amount: 1.99,
      packageId: pkg.id,
    });
    expect(paid.body.data).toMatchObject({ state: 'SUCCEEDED' });
    expect(await balances(userId)).toMatchObject({ gc: 600_000, psc: 600 });

    // Another player cannot use or remove it.
    const other = await signedInPlayer();
    const stolen = await other.client.put('payment/finix/remove-saved-card', { paymentInformationId: cards[0]!.paymentInformationId });
    expect(stolen.body.errors?.[0]?.errorCode).toBe(3605);

    const removed = await client.put('payment/finix/remove-saved-card', { paymentInformationId: cards[0]!.paymentInformationId });
    expect(removed.status).toBe(200);
    expect((await client.get('payment/finix/saved-cards')).body.data!.rows).toEqual([]);
  });
});

describe('crediting only verified results, exactly once', () => {
  async function pendingChallenge() {
    const player = await signedInPlayer();
    const pkg = await packageBySlug('silver-999');
    const result = await payWithCard(player.client, pkg, TEST_CARDS.challenge);
    await webhooksDelivered(player.client, result.merchantRefNum, 1);
    const intent = await intentOf(result.merchantRefNum);
    return { ...player, pkg, result, intent };
  }

  it('answers a forged or stale webhook 401 and credits nothing', async () => {
    const { userId, intent, client, result } = await pendingChallenge();
    const entity = { id: intent.processorTransferId!, state: 'SUCCEEDED', amount: intent.amount, merchantRefNum: intent.merchantRefNum };
    const forged = await postWebhook(signedWebhook('not-the-processor-secret-0123456789abcdef', entity));
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ errors: [{ errorCode: 3606 }] });

    const { config } = await testServer();
    const stale = await postWebhook(signedWebhook(config.finixWebhookSecret, entity, { timestamp: Math.floor(Date.now() / 1000) - 600 }));
    expect(stale.status).toBe(401);
    const unsigned = await postWebhook({
      body: signedWebhook(config.finixWebhookSecret, entity).body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(401);

    expect(await balances(userId)).toEqual(NO_COINS);
    const status = await client.get('payment/status', { providerType: 'FINIX', paymentReference: result.merchantRefNum });
    expect(status.body.data).toMatchObject({ status: transactionStatus.inProcess });
  });

  it('credits once when the same webhook arrives five times', async () => {
    const { userId, client, result } = await pendingChallenge();
    await client.request('POST', result.threeDSecureUrl!, { body: { outcome: 'pass' } });
    const sent = await webhooksDelivered(client, result.merchantRefNum, 2);
    const success = sent.find((row) => row.state === 'SUCCEEDED')!;
    const { config } = await testServer();
    const timestamp = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 5; i += 1) {
      const replay = await postWebhook({
        body: success.body,
        headers: { 'content-type': 'application/json', 'finix-signature': signWebhook(config.finixWebhookSecret, success.body, timestamp) },
      });
      expect(replay.status).toBe(200);
      expect(replay.body).toMatchObject({ data: { duplicate: true } });
    }
    expect(await balances(userId)).toEqual({ gc: 2_000_000, bsc: 0, psc: 2000, wsc: 0 });
    expect(await purchaseEvents(userId)).toBe(1);
  });

  it('credits once when webhooks and status checks race', async () => {
    const { config } = await testServer();
    const players = await Promise.all(Array.from({ length: 4 }, () => pendingChallenge()));
    await Promise.all(
      players.map(async ({ client, result, intent }) => {
        const entity = {
          id: intent.processorTransferId!,
          state: 'SUCCEEDED',
          amount: intent.amount,
          merchantRefNum: intent.merchantRefNum,
        };
        await client.request('POST', result.threeDSecureUrl!, { body: { outcome: 'pass' } });
        // Distinct event ids (as the vendor's retries of separate notifications would be),
        // racing the status checks of the player's page and the sandbox's own webhook.
        await Promise.all([
          ...Array.from({ length: 5 }, () => postWebhook(signedWebhook(config.finixWebhookSecret, entity))),
          ...Array.from({ length: 5 }, () =>
            client.get('payment/status', { providerType: 'FINIX', paymentReference: result.merchantRefNum }),
          ),
        ]);
        await webhooksDelivered(client, result.merchantRefNum, 2);
      }),
    );
    for (const { userId, result } of players) {
      expect(await balances(userId)).toEqual({ gc: 2_000_000, bsc: 0, psc: 2000, wsc: 0 });
      expect(await purchaseEvents(userId)).toBe(1);
      expect(await intentOf(result.merchantRefNum)).toMatchObject({ status: 1 });
    }
  });

  it('credits nothing and records an operator alert when the amount or currency does not match', async () => {
    const { config, database } = await testServer();
    for (const change of [{ amount: 998 }, { currency: 'EUR' }]) {
      const { userId, intent, client, result } = await pendingChallenge();
      const entity = {
        id: intent.processorTransferId!,
        state: 'SUCCEEDED',
        amount: intent.amount,
        merchantRefNum: intent.merchantRefNum,
        ...change,
      };
      const response = await postWebhook(signedWebhook(config.finixWebhookSecret, entity));
      expect(response.status).toBe(200);
      expect(await balances(userId)).toEqual(NO_COINS);
      const alerts = await database.db.select().from(paymentAlerts).where(eq(paymentAlerts.intentId, intent.id));
      expect(alerts).toEqual([expect.objectContaining({ kind: 'amount_mismatch' })]);
      expect(await intentOf(intent.merchantRefNum)).toMatchObject({ status: transactionStatus.short, creditedTransferId: null });

      // The real success that follows cannot credit it either: the intent is closed for review.
      await client.request('POST', result.threeDSecureUrl!, { body: { outcome: 'pass' } });
      await client.get('payment/status', { providerType: 'FINIX', paymentReference: result.merchantRefNum });
      expect(await balances(userId)).toEqual(NO_COINS);
    }
  });

  it('ignores an older state that arrives after the final one', async () => {
    const { config } = await testServer();
    const { userId, intent, client, result } = await pendingChallenge();
    await client.request('POST', result.threeDSecureUrl!, { body: { outcome: 'pass' } });
    await client.get('payment/status', { providerType: 'FINIX', paymentReference: result.merchantRefNum });
    const late = signedWebhook(config.finixWebhookSecret, {
      id: intent.processorTransferId!,
      state: 'PENDING',
      amount: intent.amount,
      merchantRefNum: intent.merchantRefNum,
    });
    expect((await postWebhook(late)).status).toBe(200);
    const failed = signedWebhook(config.finixWebhookSecret, {
      id: intent.processorTransferId!,
      state: 'FAILED',
      amount: intent.amount,
      merchantRefNum: intent.merchantRefNum,
      failureCode: 'CARD_DECLINED',
    });
    expect((await postWebhook(failed)).status).toBe(200);
    expect(await intentOf(result.merchantRefNum)).toMatchObject({ status: 1 });
    expect(await balances(userId)).toMatchObject({ gc: 2_000_000, psc: 2000 });
  });
});

describe('first-purchase bonus', () => {
  it('raises the shown and credited coins by its percentage until claimed, once', async () => {
    const { client, userId } = await signedInPlayer();
    const silver = await packageBySlug('silver-999');
    const listed = async () => {
      const rows = (await client.get('details/packages')).body.data!.rows as {
        packageId: number;
        gcCoin: number;
        scCoin: number;
        amount: number;
      }[];
      return { silver: rows.find((row) => row.packageId === silver.id)!, top: rows.find((row) => row.amount === 499.99)! };
    };
    expect((await client.get('user/profile')).body.data).toMatchObject({ firstPurchaseBonus: { isClaimed: false, percentage: 100 } });
    const before = await listed();
    expect(before.silver).toMatchObject({ gcCoin: 20_000, scCoin: 20 });
    // Not applicable to the biggest packages: shown at face value.
    expect(before.top).toMatchObject({ gcCoin: 540_000, scCoin: 540 });

    await payWithCard(client, silver, TEST_CARDS.visa);
    expect(await balances(userId)).toEqual({ gc: 2_000_000, bsc: 0, psc: 2000, wsc: 0 });
    expect((await client.get('user/profile')).body.data).toMatchObject({ firstPurchaseBonus: { isClaimed: true, percentage: 100 } });
    expect((await listed()).silver).toMatchObject({ gcCoin: 10_000, scCoin: 10 });

    await payWithCard(client, silver, TEST_CARDS.visa);
    expect(await balances(userId)).toEqual({ gc: 3_000_000, bsc: 0, psc: 3000, wsc: 0 });
  });

  it('is credited to one purchase only when two offered it and both are paid together', async () => {
    const { client, userId } = await signedInPlayer();
    const silver = await packageBySlug('silver-999');
    const first = await payWithCard(client, silver, TEST_CARDS.challenge);
    const second = await payWithCard(client, silver, TEST_CARDS.challenge);
    expect((await intentOf(first.merchantRefNum)).firstPurchasePercentage).toBe(100);
    expect((await intentOf(second.merchantRefNum)).firstPurchasePercentage).toBe(100);
    await Promise.all([
      client.request('POST', first.threeDSecureUrl!, { body: { outcome: 'pass' } }),
      client.request('POST', second.threeDSecureUrl!, { body: { outcome: 'pass' } }),
    ]);
    await Promise.all(
      [first, second].flatMap((result) =>
        Array.from({ length: 3 }, () => client.get('payment/status', { providerType: 'FINIX', paymentReference: result.merchantRefNum })),
      ),
    );
    await webhooksDelivered(client, first.merchantRefNum, 2);
    await webhooksDelivered(client, second.merchantRefNum, 2);
    // 10,000 GC + 10 SC twice, plus the bonus once.
    expect(await balances(userId)).toEqual({ gc: 3_000_000, bsc: 0, psc: 3000, wsc: 0 });
    const bonuses = [await intentOf(first.merchantRefNum), await intentOf(second.merchantRefNum)].filter(
      (intent) => intent.firstPurchaseBonus,
    );
    expect(bonuses).toHaveLength(1);
  });
});

describe('GET /payment/transactions', () => {
  it('lists purchases with the seed status numbers, declined and failed included, newest first', async () => {
    const { client } = await signedInPlayer();
    const silver = await packageBySlug('silver-999');
    const paid = await payWithCard(client, silver, TEST_CARDS.visa);
    const declined = await payWithCard(client, silver, TEST_CARDS.declined);
    const failed = await payWithCard(client, silver, TEST_CARDS.challenge);
    await client.request('POST', failed.threeDSecureUrl!, { body: { outcome: 'fail' } });
    await client.get('payment/status', { providerType: 'FINIX', paymentReference: failed.merchantRefNum });
    await initPay(client, silver); // never charged: not a transaction

    const today = new Date().toISOString().slice(0, 10);
    const response = await client.get('payment/transactions', {
      page: 1,
      limit: 10,
      startDate: today,
      endDate: today,
      actionType: 'deposit',
    });
    expect(response.status).toBe(200);
    expect(response.body.data!.count).toBe(3);
    expect(response.body.data!.rows).toEqual([
      expect.objectContaining({ transactionId: failed.merchantRefNum, transactiontype: 'deposit', amount: 9.99, status: 3 }),
      expect.objectContaining({ transactionId: declined.merchantRefNum, status: 6 }),
      // The first purchase, with its first-purchase bonus.
      expect.objectContaining({ transactionId: paid.merchantRefNum, status: 1, gccoin: 20_000, sccoin: 20 }),
    ]);

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const before = await client.get('payment/transactions', { startDate: yesterday, endDate: yesterday, actionType: 'deposit' });
    expect(before.body.data).toEqual({ rows: [], count: 0 });
    const second = await client.get('payment/transactions', { page: 2, limit: 2 });
    expect((second.body.data!.rows as { status: number }[]).map((row) => row.status)).toEqual([1]);
  });

  it('lists bonuses from the ledger and no redemptions yet', async () => {
    const { client } = await signedInPlayer();
    expect((await client.post('bonus/daily-bonus')).status).toBe(200);
    const bonuses = await client.get('payment/transactions', { actionType: 'bonus' });
    expect(bonuses.body.data).toEqual({
      rows: [expect.objectContaining({ transactiontype: 'daily_bonus', gccoin: 1000, sccoin: 0.5, status: 1 })],
      count: 1,
    });
    expect((await client.get('payment/transactions', { actionType: 'redeem' })).body.data).toEqual({ rows: [], count: 0 });
    expect((await client.get('payment/transactions', { actionType: 'deposit' })).body.data).toEqual({ rows: [], count: 0 });
  });
});
