import type { FastifyInstance } from 'fastify';
import { getGlobalDispatcher, MockAgent, setGlobalDispatcher, type Dispatcher } from 'undici';
import { paymentMessages } from '@casino/contracts/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { signedInPlayer } from '../../money/ledger/test-players.js';
import { balances, packageBySlug, purchaseEvents, type PackageInfo } from '../../modules/payments/payment-helpers.js';
import { testConfig, testServer } from '../../test/harness.js';
import { signPaysafeWebhook } from './paysafe-webhooks.js';

/**
 * The purchase path of a server configured with Paysafe's keys: init-pay names our Paysafe
 * checkout page (and the sandbox's pages are gone), and completing a handle charges it through
 * the Payments API (answered here by undici's MockAgent as the process's dispatcher) and credits
 * the coins once, or records the decline.
 */
const PAYSAFE = 'https://api.test.paysafe.com';
const BASIC = `Basic ${Buffer.from('pmle-test-user:B-qa2-0-test-password').toString('base64')}`;

const HMAC_KEY = Buffer.from('paysafe-webhook-hmac-key-of-the-test-0123456789');

let app: FastifyInstance;
let config: Config;
let agent: MockAgent;
let previous: Dispatcher;

beforeAll(async () => {
  const { database } = await testServer();
  config = testConfig({
    PAYSAFE_API_KEY_USERNAME: 'pmle-test-user',
    PAYSAFE_API_KEY_PASSWORD: 'B-qa2-0-test-password',
    PAYSAFE_PUBLIC_API_KEY: 'public-test-user:B-qa2-0-public',
    PAYSAFE_WEBHOOK_HMAC_KEY: HMAC_KEY.toString('base64'),
  });
  app = await buildApp({ config, database, background: false });
  previous = getGlobalDispatcher();
  agent = new MockAgent();
  setGlobalDispatcher(agent);
});

afterAll(async () => {
  setGlobalDispatcher(previous);
  await agent.close();
  await app.close();
});

async function call(cookie: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await app.inject({ method, url, headers: { cookie, origin: config.publicUrl }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.body, json: () => response.json<{ data: Record<string, unknown> }>() };
}

async function startCheckout(cookie: string, pkg: PackageInfo) {
  const response = await call(cookie, 'POST', '/api/v1/payment/init-pay', {
    amount: pkg.amount / 100,
    packageId: pkg.id,
    paymentType: 'deposit',
    providerType: 'PAYSAFE',
  });
  expect(response.status).toBe(200);
  return (response.json().data as { paymentData: { merchantRefNum: string; checkoutUrl: string; environment: string } }).paymentData;
}

/** Paysafe as documented: no payment yet, the handle Paysafe Checkout made, and the payment's answer. */
function paysafeAnswers(merchantRefNum: string, amount: number, token: string, payment: { status: number; body: object }) {
  const api = agent.get(PAYSAFE);
  api
    .intercept({ path: `/paymenthub/v1/payments?merchantRefNum=${merchantRefNum}`, method: 'GET', headers: { authorization: BASIC } })
    .reply(404, { error: { code: '5269', message: 'Entity not found' } });
  api
    .intercept({ path: `/paymenthub/v1/paymenthandles?merchantRefNum=${merchantRefNum}`, method: 'GET', headers: { authorization: BASIC } })
    .reply(200, {
      paymentHandles: [{ id: `PH-${token}`, paymentHandleToken: token, merchantRefNum, amount, currencyCode: 'USD', status: 'PAYABLE' }],
    });
  api
    .intercept({
      path: '/paymenthub/v1/payments',
      method: 'POST',
      headers: { authorization: BASIC },
      body: (body) => {
        const sent = JSON.parse(body) as Record<string, unknown>;
        return (
          sent.merchantRefNum === merchantRefNum && sent.amount === amount && sent.paymentHandleToken === token && sent.dupCheck === true
        );
      },
    })
    .reply(payment.status, payment.body);
}

describe('a purchase through Paysafe', () => {
  it('serves our Paysafe checkout page, not the sandbox, and credits a payment once', async () => {
    const { cookie, userId } = await signedInPlayer();
    const silver = await packageBySlug('silver-999');
    const checkout = await startCheckout(cookie, silver);
    expect(checkout.environment).toBe('TEST');
    expect(checkout.checkoutUrl).toBe(`/paysafe/checkout?ref=${checkout.merchantRefNum}&amount=${silver.amount}&currency=USD`);
    const page = await call(cookie, 'GET', checkout.checkoutUrl);
    expect(page.status).toBe(200);
    expect(page.body).toContain('https://hosted.test.paysafe.com/checkout/v2/paysafe.checkout.min.js');
    expect((await call(cookie, 'GET', '/sandbox/paysafe/checkout')).status).toBe(404);
    expect((await call(cookie, 'POST', '/sandbox/paysafe/handles', { merchantRefNum: checkout.merchantRefNum })).status).toBe(404);

    paysafeAnswers(checkout.merchantRefNum, silver.amount, 'SCpaid000001', {
      status: 201,
      body: {
        id: 'pay-paid-1',
        merchantRefNum: checkout.merchantRefNum,
        amount: silver.amount,
        currencyCode: 'USD',
        status: 'COMPLETED',
        paymentHandleToken: 'SCpaid000001',
      },
    });
    const completed = await call(cookie, 'POST', '/api/v1/payment/paysafe', {
      merchantRefNum: checkout.merchantRefNum,
      paymentHandleToken: 'SCpaid000001',
      paymentType: 'deposit',
    });
    expect(completed.json().data).toEqual({ success: true, status: 1, message: paymentMessages.success });
    agent.assertNoPendingInterceptors();
    // Completed again: settled already, Paysafe is not asked.
    const again = await call(cookie, 'POST', '/api/v1/payment/paysafe', {
      merchantRefNum: checkout.merchantRefNum,
      paymentHandleToken: 'SCpaid000001',
      paymentType: 'deposit',
    });
    expect(again.json().data).toMatchObject({ success: true, status: 1 });
    expect(await balances(userId)).toEqual({ gc: 2_000_000, bsc: 0, psc: 2000, wsc: 0 });
    expect(await purchaseEvents(userId)).toBe(1);
  });

  it("records Paysafe's decline with the seed's message and credits nothing", async () => {
    const { cookie, userId } = await signedInPlayer();
    const silver = await packageBySlug('silver-999');
    const checkout = await startCheckout(cookie, silver);
    paysafeAnswers(checkout.merchantRefNum, silver.amount, 'SCdeclined01', {
      status: 402,
      body: {
        id: 'pay-declined-1',
        merchantRefNum: checkout.merchantRefNum,
        status: 'FAILED',
        error: { code: '3009', message: 'Your request has been declined by the issuing bank.' },
      },
    });
    const completed = await call(cookie, 'POST', '/api/v1/payment/paysafe', {
      merchantRefNum: checkout.merchantRefNum,
      paymentHandleToken: 'SCdeclined01',
      paymentType: 'deposit',
    });
    expect(completed.json().data).toEqual({ success: false, status: 6, message: paymentMessages.declined });
    agent.assertNoPendingInterceptors();
    expect(await balances(userId)).toEqual({ gc: 0, bsc: 0, psc: 0, wsc: 0 });
  });

  it('settles a payment still processing when Paysafe’s signed webhook says it completed, once', async () => {
    const { cookie, userId } = await signedInPlayer();
    const silver = await packageBySlug('silver-999');
    const checkout = await startCheckout(cookie, silver);
    paysafeAnswers(checkout.merchantRefNum, silver.amount, 'SCprocess001', {
      status: 201,
      body: {
        id: 'pay-processing-1',
        merchantRefNum: checkout.merchantRefNum,
        amount: silver.amount,
        currencyCode: 'USD',
        status: 'PROCESSING',
      },
    });
    const pending = await call(cookie, 'POST', '/api/v1/payment/paysafe', {
      merchantRefNum: checkout.merchantRefNum,
      paymentHandleToken: 'SCprocess001',
      paymentType: 'deposit',
    });
    expect(pending.json().data).toMatchObject({ success: false });
    expect(await balances(userId)).toEqual({ gc: 0, bsc: 0, psc: 0, wsc: 0 });

    const body = JSON.stringify({
      payload: {
        id: 'pay-processing-1',
        merchantRefNum: checkout.merchantRefNum,
        amount: silver.amount,
        currencyCode: 'USD',
        status: 'COMPLETED',
        transactionType: 'PAYMENT',
      },
      eventType: 'PAYMENT_COMPLETED',
      eventName: 'PAYMENT_COMPLETED',
      resourceId: 'pay-processing-1',
      eventDate: new Date().toISOString(),
      mode: 'test',
    });
    const deliver = (signature: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/payment/paysafe/webhook',
        headers: { 'content-type': 'application/json', signature },
        payload: body,
      });
    const forged = await deliver(signPaysafeWebhook(Buffer.from('another key'), body));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ errors: [expect.objectContaining({ name: 'PaymentWebhookSignatureInvalid' })] });
    const first = await deliver(signPaysafeWebhook(HMAC_KEY, body));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ data: { received: true, duplicate: false } });
    const retried = await deliver(signPaysafeWebhook(HMAC_KEY, body));
    expect(retried.json()).toMatchObject({ data: { received: true, duplicate: true } });
    expect(await balances(userId)).toEqual({ gc: 2_000_000, bsc: 0, psc: 2000, wsc: 0 });
    expect(await purchaseEvents(userId)).toBe(1);
    agent.assertNoPendingInterceptors();
  });
});
