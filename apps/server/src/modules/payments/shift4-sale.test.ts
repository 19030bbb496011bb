import { paymentMessages, transactionStatus } from '@casino/contracts/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPlayer } from '../../money/ledger/test-players.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { balances, intentOf, packageBySlug, purchaseEvents, TEST_CARDS, type PackageInfo } from './payment-helpers.js';

/** POST /payment/init-pay with providerType SHIFT4; answers the merchantRefNum and the gateway's card page. */
async function initShift4(client: TestClient, pkg: PackageInfo) {
  const response = await client.post('payment/init-pay', {
    amount: pkg.amount / 100,
    packageId: pkg.id,
    paymentType: 'deposit',
    providerType: 'SHIFT4',
  });
  expect(response.status).toBe(200);
  return (response.body.data as { paymentData: { merchantRefNum: string; cardFormUrl: string } }).paymentData;
}

/** What the gateway's card page (i4Go) does: the card goes to the gateway, a TrueToken comes back. */
async function trueToken(client: TestClient, number: string): Promise<string> {
  const response = await client.request<{ trueToken: string; lastFour: string }>('POST', '/sandbox/shift4/i4go/tokens', {
    body: { number, expiry: '12/34', cvc: '123' },
  });
  expect(response.status).toBe(200);
  return response.body.trueToken;
}

function sale(client: TestClient, pkg: PackageInfo, merchantRefNum: string, token: string) {
  return client.post('payment/shift4/sale', { merchantRefNum, amount: pkg.amount / 100, packageId: pkg.id, token });
}

// The server starts once for the file, within the hook's time rather than the first test's.
beforeAll(async () => {
  await testServer();
});

describe('POST /payment/shift4/sale', () => {
  it("credits the package once for an approved card, with the gateway's card page in init-pay, and refuses a second sale", async () => {
    const { client, userId } = await signedInPlayer();
    const pkg = await packageBySlug('gold-1999');
    const { merchantRefNum, cardFormUrl } = await initShift4(client, pkg);
    expect(cardFormUrl).toBe(`/sandbox/shift4/i4go?invoice=${encodeURIComponent(merchantRefNum)}`);
    const page = await client.request<string>('GET', cardFormUrl);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Card number');

    const paid = await sale(client, pkg, merchantRefNum, await trueToken(client, TEST_CARDS.visa));
    expect(paid.status).toBe(200);
    expect(paid.body.data).toEqual({ state: 'SUCCEEDED', merchantRefNum, threeDSecureUrl: null, message: paymentMessages.success });
    expect(await balances(userId)).toEqual({ gc: 4_000_000, bsc: 0, psc: 4100, wsc: 0 });
    expect(await purchaseEvents(userId)).toBe(1);
    const status = await client.get('payment/status', { providerType: 'SHIFT4', paymentReference: merchantRefNum });
    expect(status.body.data).toMatchObject({ status: 1, amount: 19.99, gcCoin: 40_000, scCoin: 41 });

    const again = await sale(client, pkg, merchantRefNum, await trueToken(client, TEST_CARDS.visa));
    expect(again.body.errors?.[0]?.errorCode).toBe(3603);
    expect(await balances(userId)).toEqual({ gc: 4_000_000, bsc: 0, psc: 4100, wsc: 0 });
  });

  it('records a declined card with status 6 and the seed message, and credits nothing', async () => {
    const { client, userId } = await signedInPlayer();
    const pkg = await packageBySlug('silver-999');
    const { merchantRefNum } = await initShift4(client, pkg);
    const declined = await sale(client, pkg, merchantRefNum, await trueToken(client, TEST_CARDS.declined));
    expect(declined.body.data).toMatchObject({ state: 'FAILED', message: 'The payment was declined' });
    expect(await intentOf(merchantRefNum)).toMatchObject({ status: transactionStatus.declined, creditedTransferId: null });
    expect(await balances(userId)).toEqual({ gc: 0, bsc: 0, psc: 0, wsc: 0 });
  });

  it('refuses an unknown token (3604) and leaves the intent payable; refuses another amount (3601) and a Finix intent (3602)', async () => {
    const { client, userId } = await signedInPlayer();
    const pkg = await packageBySlug('silver-999');
    const { merchantRefNum } = await initShift4(client, pkg);
    const forged = await sale(client, pkg, merchantRefNum, 'TTforged');
    expect(forged.status).toBe(400);
    expect(forged.body.errors?.[0]?.errorCode).toBe(3604);
    expect(await intentOf(merchantRefNum)).toMatchObject({ status: transactionStatus.pending, limitReservedAt: null });

    const cheaper = await client.post('payment/shift4/sale', {
      merchantRefNum,
      amount: 1,
      packageId: pkg.id,
      token: await trueToken(client, TEST_CARDS.visa),
    });
    expect(cheaper.body.errors?.[0]?.errorCode).toBe(3601);

    const finix = await client.post('payment/init-pay', { amount: 9.99, packageId: pkg.id, paymentType: 'deposit', providerType: 'FINIX' });
    const finixRef = (finix.body.data as { paymentData: { merchantRefNum: string } }).paymentData.merchantRefNum;
    const wrongProvider = await sale(client, pkg, finixRef, await trueToken(client, TEST_CARDS.visa));
    expect(wrongProvider.body.errors?.[0]?.errorCode).toBe(3602);

    const paid = await sale(client, pkg, merchantRefNum, await trueToken(client, TEST_CARDS.visa));
    expect(paid.body.data).toMatchObject({ state: 'SUCCEEDED' });
    expect((await balances(userId)).gc).toBeGreaterThan(0);
  });

  it('refuses a card number the gateway cannot tokenise, before anything reaches our API', async () => {
    const { client } = await signedInPlayer();
    const response = await client.request<{ message: string }>('POST', '/sandbox/shift4/i4go/tokens', {
      body: { number: '4111 1111 1111 1112', expiry: '12/34', cvc: '123' },
    });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Your card number is invalid.');
  });
});
