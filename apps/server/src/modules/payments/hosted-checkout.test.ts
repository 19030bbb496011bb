import { paymentMessages } from '@casino/contracts/store';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentAlerts } from '../../db/schema/index.js';
import { signedInPlayer } from '../../money/ledger/test-players.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { balances, intentOf, packageBySlug, purchaseEvents, TEST_CARDS, type PackageInfo } from './payment-helpers.js';

const NO_COINS = { gc: 0, bsc: 0, psc: 0, wsc: 0 };

interface Checkout {
  merchantRefNum: string;
  checkoutUrl: string;
  singleUseCustomerToken: string;
  environment: string;
}

async function startCheckout(client: TestClient, pkg: PackageInfo): Promise<Checkout> {
  const response = await client.post('payment/init-pay', {
    amount: pkg.amount / 100,
    packageId: pkg.id,
    paymentType: 'deposit',
    providerType: 'PAYSAFE',
  });
  expect(response.status).toBe(200);
  expect(response.body.data).toMatchObject({ success: true, data: { providerType: 'PAYSAFE' } });
  return (response.body.data as { paymentData: Checkout }).paymentData;
}

/** What the hosted checkout page does when the player pays there: a payment handle token. */
async function payOnCheckout(client: TestClient, checkout: Checkout, amount: number, body: Record<string, unknown>): Promise<string> {
  const response = await client.request<{ paymentHandleToken: string }>('POST', '/sandbox/paysafe/handles', {
    body: { merchantRefNum: checkout.merchantRefNum, amount, currency: 'USD', ...body },
  });
  expect(response.status).toBe(200);
  return response.body.paymentHandleToken;
}

const complete = (client: TestClient, merchantRefNum: string, paymentHandleToken: string | null) =>
  client.post('payment/paysafe', { merchantRefNum, paymentHandleToken, paymentType: 'deposit' });

describe('hosted checkout', () => {
  it('serves the checkout page with card and e-wallet in environment TEST', async () => {
    const { client } = await signedInPlayer();
    const checkout = await startCheckout(client, await packageBySlug('silver-999'));
    expect(checkout.environment).toBe('TEST');
    expect(checkout.checkoutUrl).toContain('environment=TEST');
    expect(checkout.singleUseCustomerToken).toMatch(/^SUCT/);
    const page = await client.request<string>('GET', checkout.checkoutUrl);
    expect(page.body).toContain('Secure checkout');
    expect(page.body).toContain('E-wallet');
    expect(page.body).toContain('This window closes in 5 seconds.');
  });

  it('credits a card payment once, however often its handle is completed', async () => {
    const { client, userId } = await signedInPlayer();
    const silver = await packageBySlug('silver-999');
    const checkout = await startCheckout(client, silver);
    // A redirect without a token only answers how the payment stands.
    expect((await complete(client, checkout.merchantRefNum, null)).body.data).toMatchObject({ success: false, status: 0 });

    const token = await payOnCheckout(client, checkout, silver.amount, {
      method: 'CARD',
      card: { number: TEST_CARDS.visa, expiry: '12/34', cvc: '123' },
    });
    const responses = await Promise.all(Array.from({ length: 4 }, () => complete(client, checkout.merchantRefNum, token)));
    for (const response of responses) {
      expect(response.body.data).toEqual({ success: true, status: 1, message: paymentMessages.success });
    }
    expect(await balances(userId)).toEqual({ gc: 2_000_000, bsc: 0, psc: 2000, wsc: 0 });
    expect(await purchaseEvents(userId)).toBe(1);
  });

  it('records a declined e-wallet payment and a failed 3-D Secure card with the seed messages, crediting nothing', async () => {
    const { client, userId } = await signedInPlayer();
    const silver = await packageBySlug('silver-999');
    const wallet = await startCheckout(client, silver);
    const declined = await payOnCheckout(client, wallet, silver.amount, { method: 'SKRILL', wallet: 'decline' });
    expect((await complete(client, wallet.merchantRefNum, declined)).body.data).toEqual({
      success: false,
      status: 6,
      message: paymentMessages.declined,
    });

    const card = await startCheckout(client, silver);
    const failed = await payOnCheckout(client, card, silver.amount, {
      method: 'CARD',
      card: { number: TEST_CARDS.challenge, expiry: '12/34', cvc: '123' },
      threeDs: 'fail',
    });
    expect((await complete(client, card.merchantRefNum, failed)).body.data).toEqual({
      success: false,
      status: 3,
      message: paymentMessages.failed,
    });
    expect(await balances(userId)).toEqual(NO_COINS);

    const approved = await startCheckout(client, silver);
    const token = await payOnCheckout(client, approved, silver.amount, { method: 'SKRILL', wallet: 'approve' });
    expect((await complete(client, approved.merchantRefNum, token)).body.data).toMatchObject({ success: true, status: 1 });
    expect(await balances(userId)).toMatchObject({ gc: 2_000_000, psc: 2000 });
  });

  it("refuses another purchase's handle, and credits nothing when the handle's amount differs", async () => {
    const { client, userId } = await signedInPlayer();
    const silver = await packageBySlug('silver-999');
    const first = await startCheckout(client, silver);
    const second = await startCheckout(client, silver);
    const token = await payOnCheckout(client, first, silver.amount, { method: 'SKRILL', wallet: 'approve' });
    expect((await complete(client, second.merchantRefNum, token)).body.errors?.[0]?.errorCode).toBe(3604);
    expect((await complete(client, second.merchantRefNum, 'PHforged')).body.errors?.[0]?.errorCode).toBe(3604);

    const tampered = await payOnCheckout(client, second, 1, { method: 'SKRILL', wallet: 'approve' });
    expect((await complete(client, second.merchantRefNum, tampered)).body.data).toMatchObject({ success: false, status: 11 });
    const { database } = await testServer();
    const intent = await intentOf(second.merchantRefNum);
    expect(await database.db.select().from(paymentAlerts).where(eq(paymentAlerts.intentId, intent.id))).toHaveLength(1);
    expect(await balances(userId)).toEqual(NO_COINS);
  });
});
