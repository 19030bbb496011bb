import { inspect, isDeepStrictEqual } from 'node:util';
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ProcessorError } from './card-processor.js';
import { createPaysafeHostedCheckout, type PaysafeCheckoutOptions } from './paysafe-checkout.js';

/**
 * The Paysafe checkout's client against the Payments API as documented
 * (https://developer.paysafe.com/en/api-docs/payments-api/): the requests it sends (method, path,
 * HTTP Basic with the key's user name and password, body) and what it makes of the answers.
 * Bodies are Paysafe's documented examples, cut to the fields that matter.
 */
const TEST_API = 'https://api.test.paysafe.com';
const USER = 'pmle-1001062690';
const PASSWORD = 'B-qa2-0-5f1c7e2a-0-302c0214-secret-9d41';
const BASIC = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
const REF = 'LC-7d3b1c9e-4a52-4c1e-9f1e-0a2b3c4d5e6f';
const TOKEN = 'SC2INoYvSe2MzQuB';
const PAYMENTS = `/paymenthub/v1/payments?merchantRefNum=${REF}`;
const HANDLES = `/paymenthub/v1/paymenthandles?merchantRefNum=${REF}`;

let agent: MockAgent;

function client(overrides: Partial<PaysafeCheckoutOptions> = {}) {
  agent = new MockAgent();
  agent.disableNetConnect();
  return createPaysafeHostedCheckout({
    environment: 'TEST',
    apiKey: { username: USER, password: PASSWORD },
    publicApiKey: 'public-1001062690:B-qa2-0-public-key',
    webhookHmacKey: null,
    dispatcher: agent,
    backoffMs: 1,
    ...overrides,
  });
}

afterEach(async () => {
  agent.assertNoPendingInterceptors();
  await agent.close();
});

const api = () => agent.get(TEST_API);
const authorized = { authorization: BASIC };

const handle = (status = 'PAYABLE') => ({
  id: '4e32ba5d-1c87-47fb-871a-b972cf8fd19e',
  paymentHandleToken: TOKEN,
  merchantRefNum: REF,
  transactionType: 'PAYMENT',
  paymentType: 'CARD',
  amount: 999,
  currencyCode: 'USD',
  status,
  usage: 'SINGLE_USE',
  action: 'NONE',
  executionMode: 'SYNCHRONOUS',
  timeToLiveSeconds: 899,
  txnTime: '2026-01-27T10:14:26Z',
});

const payment = (overrides: Record<string, unknown> = {}) => ({
  id: '398e086d-f47b-4b3f-8a18-621e7ed35378',
  paymentType: 'CARD',
  paymentHandleToken: TOKEN,
  merchantRefNum: REF,
  currencyCode: 'USD',
  settleWithAuth: true,
  txnTime: '2026-01-27T10:15:29Z',
  status: 'COMPLETED',
  amount: 999,
  availableToSettle: 0,
  gatewayResponse: { code: 'VPS', responseCode: '00', description: 'Approved and completed', authCode: '130416' },
  ...overrides,
});

const notFound = {
  error: {
    code: '5269',
    message: 'Entity not found',
    details: ['The ID(s) specified in the URL do not correspond to the values in the system.'],
  },
};

/** No payment yet for the reference, and the handle the checkout made. */
function handleIsPayable(status = 'PAYABLE') {
  api().intercept({ path: PAYMENTS, method: 'GET', headers: authorized }).reply(404, notFound);
  api()
    .intercept({ path: HANDLES, method: 'GET', headers: authorized })
    .reply(200, { meta: { numberOfRecords: 1, limit: 10, page: 1 }, paymentHandles: [handle(status)] });
}

const documentedBody = {
  merchantRefNum: REF,
  amount: 999,
  currencyCode: 'USD',
  dupCheck: true,
  settleWithAuth: true,
  paymentHandleToken: TOKEN,
};

/**
 * The documented payment request: one with another path, header or body matches nothing and
 * fails; a resent request must match it again, and afterEach sees every interceptor used.
 */
const paymentRequest = {
  path: '/paymenthub/v1/payments',
  method: 'POST',
  headers: { ...authorized, 'content-type': 'application/json' },
  body: (body: string) => isDeepStrictEqual(JSON.parse(body), documentedBody),
};

async function failureOf(promise: Promise<unknown>): Promise<ProcessorError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (cause: unknown) => cause,
  );
  expect(error).toBeInstanceOf(ProcessorError);
  return error as ProcessorError;
}

describe('the Paysafe checkout client', () => {
  it("charges a PAYABLE handle with the documented request for the handle's amount, and answers the payment", async () => {
    const paysafe = client();
    handleIsPayable();
    api().intercept(paymentRequest).reply(201, payment());
    await expect(paysafe.processPayment({ paymentHandleToken: TOKEN, merchantRefNum: REF })).resolves.toEqual({
      id: '398e086d-f47b-4b3f-8a18-621e7ed35378',
      state: 'SUCCEEDED',
      amount: 999,
      currency: 'USD',
      merchantRefNum: REF,
      failureCode: null,
      failureMessage: null,
      threeDSecureUrl: null,
    });
  });

  it('answers the payment already made with the handle and charges nothing again', async () => {
    const paysafe = client();
    api()
      .intercept({ path: PAYMENTS, method: 'GET', headers: authorized })
      .reply(200, { meta: { numberOfRecords: 1, limit: 10, page: 1 }, payments: [payment()] });
    // No handle read and no POST are intercepted: either would fail the call.
    const transfer = await paysafe.processPayment({ paymentHandleToken: TOKEN, merchantRefNum: REF });
    expect(transfer).toMatchObject({ id: '398e086d-f47b-4b3f-8a18-621e7ed35378', state: 'SUCCEEDED' });
  });

  it("maps a decline (HTTP 402, the payment with Paysafe's error) to a FAILED transfer with CARD_DECLINED", async () => {
    const paysafe = client();
    handleIsPayable();
    api()
      .intercept(paymentRequest)
      .reply(402, {
        id: '7b5c3e1a-2f4d-4e6b-9a8c-1d2e3f4a5b6c',
        merchantRefNum: REF,
        status: 'FAILED',
        gatewayResponse: { responseCodeDescription: 'Refer to Issuer' },
        error: { code: '3009', message: 'Your request has been declined by the issuing bank.' },
      });
    await expect(paysafe.processPayment({ paymentHandleToken: TOKEN, merchantRefNum: REF })).resolves.toEqual({
      id: '7b5c3e1a-2f4d-4e6b-9a8c-1d2e3f4a5b6c',
      state: 'FAILED',
      amount: 999,
      currency: 'USD',
      merchantRefNum: REF,
      failureCode: 'CARD_DECLINED',
      failureMessage: 'Paysafe 3009: Your request has been declined by the issuing bank.',
      threeDSecureUrl: null,
    });
  });

  it('maps a 3-D Secure refusal (51xx) to THREE_D_SECURE_FAILED', async () => {
    const paysafe = client();
    handleIsPayable();
    api()
      .intercept(paymentRequest)
      .reply(402, { merchantRefNum: REF, error: { code: '5106', message: 'Risk rule failed' } });
    const transfer = await paysafe.processPayment({ paymentHandleToken: TOKEN, merchantRefNum: REF });
    // Without a payment id the handle's id names the attempt.
    expect(transfer).toMatchObject({ id: handle().id, state: 'FAILED', failureCode: 'THREE_D_SECURE_FAILED' });
  });

  it('refuses a handle it does not know, and a FAILED or EXPIRED one, as TOKEN_INVALID without charging', async () => {
    let paysafe = client();
    api().intercept({ path: PAYMENTS, method: 'GET' }).reply(200, { payments: [] });
    api().intercept({ path: HANDLES, method: 'GET' }).reply(404, notFound);
    expect(await failureOf(paysafe.processPayment({ paymentHandleToken: TOKEN, merchantRefNum: REF }))).toMatchObject({
      code: 'TOKEN_INVALID',
      message: 'Unknown payment handle.',
    });
    await agent.close();

    for (const status of ['FAILED', 'EXPIRED']) {
      paysafe = client();
      handleIsPayable(status);
      const failure = await failureOf(paysafe.processPayment({ paymentHandleToken: TOKEN, merchantRefNum: REF }));
      expect(failure).toMatchObject({ code: 'TOKEN_INVALID', message: `The payment handle is ${status.toLowerCase()}.` });
      agent.assertNoPendingInterceptors();
      await agent.close();
    }
    agent = new MockAgent();
  });

  it('answers a handle still being processed as unavailable, without charging it', async () => {
    const paysafe = client();
    handleIsPayable('PROCESSING');
    expect(await failureOf(paysafe.processPayment({ paymentHandleToken: TOKEN, merchantRefNum: REF }))).toMatchObject({
      code: 'UNAVAILABLE',
    });
  });

  it('sends the payment again after a timeout, with the same merchantRefNum and body, and takes the answer', async () => {
    const paysafe = client({ timeoutMs: 50 });
    handleIsPayable();
    api().intercept(paymentRequest).reply(201, payment()).delay(400);
    api().intercept(paymentRequest).reply(201, payment());
    const transfer = await paysafe.processPayment({ paymentHandleToken: TOKEN, merchantRefNum: REF });
    expect(transfer.state).toBe('SUCCEEDED');
  });

  it('sends the payment again after a 5xx with the same merchantRefNum and body', async () => {
    const paysafe = client();
    handleIsPayable();
    api()
      .intercept(paymentRequest)
      .reply(503, { error: { code: '1000', message: 'Internal Error' } });
    api().intercept(paymentRequest).reply(201, payment());
    expect((await paysafe.processPayment({ paymentHandleToken: TOKEN, merchantRefNum: REF })).state).toBe('SUCCEEDED');
  });

  it('takes the payment Paysafe recorded when the resent request is refused as a duplicate', async () => {
    const paysafe = client();
    handleIsPayable();
    // The first answer is lost; dupCheck makes Paysafe refuse the second. Whatever the refusal's
    // code, the read by merchantRefNum decides.
    api().intercept(paymentRequest).replyWithError(new Error('socket hang up'));
    api()
      .intercept(paymentRequest)
      .reply(409, { error: { code: '409', message: 'Request conflict' } });
    api()
      .intercept({ path: PAYMENTS, method: 'GET', headers: authorized })
      .reply(200, { payments: [payment()] });
    expect(await paysafe.processPayment({ paymentHandleToken: TOKEN, merchantRefNum: REF })).toMatchObject({
      id: '398e086d-f47b-4b3f-8a18-621e7ed35378',
      state: 'SUCCEEDED',
    });
  });

  it('gives up after its retries as unavailable, naming the request and its status', async () => {
    const paysafe = client();
    handleIsPayable();
    api()
      .intercept(paymentRequest)
      .reply(502, { error: { code: '1000', message: 'Internal Error' } })
      .times(3);
    api().intercept({ path: PAYMENTS, method: 'GET' }).reply(200, { payments: [] });
    expect(await failureOf(paysafe.processPayment({ paymentHandleToken: TOKEN, merchantRefNum: REF }))).toMatchObject({
      code: 'UNAVAILABLE',
      message: 'paysafe answered 502 to POST /paymenthub/v1/payments',
    });
  });

  it('refuses a malformed answer, and a payment of another reference', async () => {
    let paysafe = client();
    handleIsPayable();
    api().intercept(paymentRequest).reply(200, '<html>maintenance</html>');
    api().intercept({ path: PAYMENTS, method: 'GET' }).reply(200, { payments: [] });
    expect(await failureOf(paysafe.processPayment({ paymentHandleToken: TOKEN, merchantRefNum: REF }))).toMatchObject({
      code: 'UNAVAILABLE',
      message: 'paysafe answered POST /paymenthub/v1/payments with an unexpected body',
    });
    agent.assertNoPendingInterceptors();
    await agent.close();

    paysafe = client();
    api().intercept({ path: PAYMENTS, method: 'GET' }).reply(404, notFound);
    api()
      .intercept({ path: HANDLES, method: 'GET' })
      .reply(200, { paymentHandles: [{ ...handle(), status: 'AUTHORIZED_SOMEHOW' }] });
    expect(await failureOf(paysafe.processPayment({ paymentHandleToken: TOKEN, merchantRefNum: REF }))).toMatchObject({
      code: 'UNAVAILABLE',
      message: 'paysafe answered GET /paymenthub/v1/paymenthandles with an unexpected body',
    });
    agent.assertNoPendingInterceptors();
    await agent.close();

    paysafe = client();
    handleIsPayable();
    api()
      .intercept(paymentRequest)
      .reply(201, payment({ merchantRefNum: 'LC-someone-else' }));
    expect(await failureOf(paysafe.processPayment({ paymentHandleToken: TOKEN, merchantRefNum: REF }))).toMatchObject({
      code: 'UNAVAILABLE',
      message: 'Paysafe answered a payment of another reference.',
    });
  });

  it('reads a payment by its id for the status check, and says NOT_FOUND for one Paysafe does not know', async () => {
    const paysafe = client();
    api()
      .intercept({ path: '/paymenthub/v1/payments/398e086d-f47b-4b3f-8a18-621e7ed35378', method: 'GET', headers: authorized })
      .reply(200, payment({ status: 'PROCESSING' }));
    expect(await paysafe.fetchPayment('398e086d-f47b-4b3f-8a18-621e7ed35378')).toMatchObject({ state: 'PENDING', amount: 999 });
    api().intercept({ path: '/paymenthub/v1/payments/missing', method: 'GET' }).reply(404, notFound);
    expect(await failureOf(paysafe.fetchPayment('missing'))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('puts no credential in any error it throws', async () => {
    const paysafe = client({ timeoutMs: 30, retries: 0 });
    const failures: unknown[] = [];
    const attempt = async () =>
      failures.push(await paysafe.processPayment({ paymentHandleToken: TOKEN, merchantRefNum: REF }).catch((error: unknown) => error));
    // Refused credentials (Paysafe's 401 body), a timeout, a 5xx, an unreadable answer, an unknown handle.
    api()
      .intercept({ path: PAYMENTS, method: 'GET' })
      .reply(401, { error: { code: '5279', message: 'Invalid credentials', details: ['The authentication credentials are invalid.'] } });
    await attempt();
    api().intercept({ path: PAYMENTS, method: 'GET' }).reply(200, { payments: [] }).delay(300);
    await attempt();
    api()
      .intercept({ path: PAYMENTS, method: 'GET' })
      .reply(500, { error: { code: '1000', message: 'Internal Error' } });
    await attempt();
    api().intercept({ path: PAYMENTS, method: 'GET' }).reply(200, 'not json');
    await attempt();
    api().intercept({ path: PAYMENTS, method: 'GET' }).reply(200, { payments: [] });
    api().intercept({ path: HANDLES, method: 'GET' }).reply(200, { paymentHandles: [] });
    await attempt();
    // Let the delayed answer arrive before the agent closes.
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(failures).toHaveLength(5);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(ProcessorError);
      const shown = `${String(failure)} ${JSON.stringify(failure)} ${inspect(failure, { depth: 5 })}`;
      for (const secret of [USER, PASSWORD, BASIC, Buffer.from(`${USER}:${PASSWORD}`).toString('base64')]) {
        expect(shown).not.toContain(secret);
      }
    }
  });

  it('uses the live API and the live checkout script in environment LIVE, and a checkout page on our origin', async () => {
    const paysafe = client({ environment: 'LIVE' });
    agent
      .get('https://api.paysafe.com')
      .intercept({ path: '/paymenthub/v1/payments/abc', method: 'GET', headers: authorized })
      .reply(200, payment({ id: 'abc' }));
    expect((await paysafe.fetchPayment('abc')).state).toBe('SUCCEEDED');
    expect(paysafe.environment).toBe('LIVE');
    expect(paysafe.page).toEqual({
      apiKey: Buffer.from('public-1001062690:B-qa2-0-public-key').toString('base64'),
      scriptUrl: 'https://hosted.paysafe.com/checkout/v2/paysafe.checkout.min.js',
      origin: 'https://hosted.paysafe.com',
    });
    expect(paysafe.checkoutUrl({ merchantRefNum: REF, amount: 999, currency: 'USD' })).toBe(
      `/paysafe/checkout?ref=${REF}&amount=999&currency=USD`,
    );
    expect(paysafe.singleUseCustomerToken()).toBe('');
  });
});
