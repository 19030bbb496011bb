import type { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransferRequest } from './card-processor.js';
import { finixTransferSchema, toProcessorTransfer } from './finix-api.js';
import type { FinixClient, FinixClientOptions } from './finix-client.js';
import {
  FINIX_SANDBOX_ORIGIN,
  finixHeaders,
  finixTestClient,
  jsonBody,
  sessionAnswer,
  sessionAuthentication,
  TEST_FINIX_AUTHORIZATION,
  TEST_FINIX_SETTINGS,
  TEST_SESSION_ID,
  transferAnswer,
} from './finix-test-support.js';

/**
 * 3-D Secure with Finix's API (its server-driven redirect flow): the requests Finix receives and
 * what our client answers, for each way a 3-D Secure Session can go.
 */
let agent: MockAgent;

function setup(overrides: Partial<FinixClientOptions> = {}): FinixClient {
  const made = finixTestClient({ threeDSecure: 'always', ...overrides });
  agent = made.agent;
  return made.client;
}

const finix = () => agent.get(FINIX_SANDBOX_ORIGIN);

afterEach(async () => {
  agent.assertNoPendingInterceptors();
  await agent.close();
});

const purchase: TransferRequest = {
  instrumentId: 'PImmCg3Po7oNi7jaZcXhfkEu',
  amount: 1999,
  currency: 'USD',
  merchantRefNum: 'LC-0001',
  idempotencyId: 'LC-0001',
  instrumentType: 'TOKEN',
};
const handle = `3ds:${TEST_SESSION_ID}`;

/** POST /3d_secure_sessions for `purchase`: the amount and currency charged, our merchant, the card, our return page. */
const sessionRequest = {
  amount: 1999,
  currency: 'USD',
  merchant_id: TEST_FINIX_SETTINGS.merchantId,
  payment_instrument_id: 'PImmCg3Po7oNi7jaZcXhfkEu',
  redirect_url: 'https://casino.example/pay/finix/3ds-return',
};

/** POST /transfers after the session: the same charge and idempotency id, the session's authentication and its id as a tag. */
const transferRequest = (indicator = 'AUTHENTICATED') => ({
  amount: 1999,
  currency: 'USD',
  merchant: TEST_FINIX_SETTINGS.merchantId,
  source: 'PImmCg3Po7oNi7jaZcXhfkEu',
  idempotency_id: 'LC-0001',
  tags: { merchantRefNum: 'LC-0001', threeDSecureSession: TEST_SESSION_ID },
  '3d_secure_authentication': sessionAuthentication(indicator),
});
const sessionTransfer = (overrides: Record<string, unknown> = {}) =>
  transferAnswer({ tags: { merchantRefNum: 'LC-0001', threeDSecureSession: TEST_SESSION_ID }, ...overrides });

function interceptSessionCreation() {
  return finix().intercept({
    path: '/3d_secure_sessions',
    method: 'POST',
    headers: { ...finixHeaders, 'content-type': 'application/json' },
    body: jsonBody(sessionRequest),
  });
}
function interceptSessionRead() {
  return finix().intercept({ path: `/3d_secure_sessions/${TEST_SESSION_ID}`, method: 'GET', headers: finixHeaders });
}
function interceptTransfer(indicator?: string) {
  return finix().intercept({
    path: '/transfers',
    method: 'POST',
    headers: { ...finixHeaders, 'content-type': 'application/json' },
    body: jsonBody(transferRequest(indicator)),
  });
}
function interceptTransferList() {
  return finix().intercept({ path: '/transfers?idempotency_id=LC-0001', method: 'GET', headers: finixHeaders });
}

const charged = {
  id: 'TRhw2BGAqyFZcrjTYXq4qTvY',
  state: 'SUCCEEDED',
  amount: 1999,
  currency: 'USD',
  merchantRefNum: 'LC-0001',
  failureCode: null,
  failureMessage: null,
  threeDSecureUrl: null,
  replacesId: handle,
};

describe('Finix 3-D Secure: frictionless', () => {
  it('creates the session, and charges at once when it has SUCCEEDED, with its authentication and its id on the transfer', async () => {
    const client = setup();
    interceptSessionCreation().reply(201, sessionAnswer('SUCCEEDED'));
    interceptTransfer().reply(201, sessionTransfer());
    await expect(client.createTransfer(purchase)).resolves.toEqual(charged);
  });

  it("under 'always' charges a buyer the issuer did not authenticate (ATTEMPTED); under 'required' it does not", async () => {
    const always = setup();
    interceptSessionCreation().reply(201, sessionAnswer('SUCCEEDED', 'ATTEMPTED'));
    interceptTransfer('ATTEMPTED').reply(201, sessionTransfer());
    await expect(always.createTransfer(purchase)).resolves.toMatchObject({ state: 'SUCCEEDED', id: 'TRhw2BGAqyFZcrjTYXq4qTvY' });
    agent.assertNoPendingInterceptors();
    await agent.close();

    const required = setup({ threeDSecure: 'required' });
    interceptSessionCreation().reply(201, sessionAnswer('SUCCEEDED', 'AUTHENTICATED'));
    interceptTransfer('AUTHENTICATED').reply(201, sessionTransfer());
    await expect(required.createTransfer(purchase)).resolves.toMatchObject({ state: 'SUCCEEDED' });
  });
});

describe('Finix 3-D Secure: a challenge', () => {
  it('answers PENDING under the session while it runs, then charges once when it has SUCCEEDED, and never twice', async () => {
    const client = setup();
    interceptSessionCreation().reply(201, sessionAnswer('PENDING'));
    const waiting = {
      id: handle,
      state: 'PENDING',
      amount: 1999,
      currency: 'USD',
      merchantRefNum: 'LC-0001',
      failureCode: null,
      failureMessage: null,
      threeDSecureUrl: null,
    };
    await expect(client.createTransfer(purchase)).resolves.toEqual(waiting);

    // The buyer has not finished: still pending, nothing charged.
    interceptSessionRead().reply(200, sessionAnswer('PENDING'));
    await expect(client.fetchTransfer(handle, purchase)).resolves.toEqual(waiting);

    // Finished: no transfer under the idempotency id yet, so it is made, once.
    interceptSessionRead().reply(200, sessionAnswer('SUCCEEDED'));
    interceptTransferList().reply(200, { page: { limit: 20, next_cursor: null } });
    interceptTransfer().reply(201, sessionTransfer());
    await expect(client.fetchTransfer(handle, purchase)).resolves.toEqual(charged);

    // Asked again under the session (a second status check): the transfer made is answered; no POST /transfers.
    interceptSessionRead().reply(200, sessionAnswer('SUCCEEDED'));
    interceptTransferList().reply(200, { _embedded: { transfers: [sessionTransfer()] }, page: { limit: 20, next_cursor: null } });
    await expect(client.fetchTransfer(handle, purchase)).resolves.toEqual(charged);

    // And under the transfer's own id, as any transfer.
    finix().intercept({ path: '/transfers/TRhw2BGAqyFZcrjTYXq4qTvY', method: 'GET', headers: finixHeaders }).reply(200, sessionTransfer());
    await expect(client.fetchTransfer('TRhw2BGAqyFZcrjTYXq4qTvY')).resolves.toEqual(charged);
  });

  it("reads the session again after a 5xx (a read), and asks nothing of Finix without the purchase's charge", async () => {
    const client = setup();
    interceptSessionRead().reply(503, '');
    interceptSessionRead().reply(200, sessionAnswer('PENDING'));
    await expect(client.fetchTransfer(handle, purchase)).resolves.toMatchObject({ state: 'PENDING', id: handle });
    await expect(client.fetchTransfer(handle)).rejects.toMatchObject({ name: 'ProcessorError', code: 'UNAVAILABLE' });
  });

  it('maps a webhook transfer made after a session to the session it replaces', () => {
    setup();
    expect(toProcessorTransfer(finixTransferSchema.parse(sessionTransfer()))).toEqual(charged);
    expect(toProcessorTransfer(finixTransferSchema.parse(transferAnswer()))).not.toHaveProperty('replacesId');
  });
});

describe('Finix 3-D Secure: failed authentication', () => {
  const failed = (message: string) => ({
    id: handle,
    state: 'FAILED',
    amount: 1999,
    currency: 'USD',
    merchantRefNum: 'LC-0001',
    failureCode: 'THREE_D_SECURE_FAILED',
    failureMessage: `THREE_D_SECURE_FAILED: ${message}`,
    threeDSecureUrl: null,
  });

  it('answers a FAILED session FAILED with THREE_D_SECURE_FAILED and sends no transfer', async () => {
    const client = setup();
    interceptSessionCreation().reply(201, sessionAnswer('FAILED'));
    await expect(client.createTransfer(purchase)).resolves.toEqual(failed('the 3-D Secure session failed'));

    interceptSessionRead().reply(200, sessionAnswer('FAILED'));
    await expect(client.fetchTransfer(handle, purchase)).resolves.toEqual(failed('the 3-D Secure session failed'));
  });

  it("under 'required', answers a buyer the issuer did not authenticate FAILED and sends no transfer", async () => {
    const client = setup({ threeDSecure: 'required' });
    interceptSessionCreation().reply(201, sessionAnswer('SUCCEEDED', 'ATTEMPTED'));
    await expect(client.createTransfer(purchase)).resolves.toEqual(failed('the issuer did not authenticate the buyer (ATTEMPTED)'));

    // After a challenge: nothing made under the idempotency id, and nothing is.
    interceptSessionRead().reply(200, sessionAnswer('SUCCEEDED', 'ATTEMPTED'));
    interceptTransferList().reply(200, { page: { limit: 20, next_cursor: null } });
    await expect(client.fetchTransfer(handle, purchase)).resolves.toEqual(failed('the issuer did not authenticate the buyer (ATTEMPTED)'));
  });

  it('calls a succeeded session without its authentication malformed, and charges nothing', async () => {
    const client = setup();
    interceptSessionCreation().reply(201, { ...sessionAnswer('SUCCEEDED'), '3d_secure_authentication': null });
    await expect(client.createTransfer(purchase)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    interceptSessionCreation().reply(201, { ...sessionAnswer('PENDING'), state: 'CHALLENGE' });
    await expect(client.createTransfer(purchase)).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: 'finix answered POST /3d_secure_sessions with an unexpected body',
    });
  });
});

describe('Finix 3-D Secure: the session request failing', () => {
  /** Counts the session requests Finix receives, answering each with `reply`. */
  function countSessions(reply: () => { statusCode: number; data: object }, delay = 0): () => number {
    let count = 0;
    const interceptor = interceptSessionCreation()
      .reply(() => {
        count += 1;
        return reply();
      })
      .persist();
    if (delay > 0) interceptor.delay(delay);
    return () => count;
  }

  it('sends the session once after a 5xx (Finix documents no deduplication of sessions), and no transfer', async () => {
    const client = setup();
    const sent = countSessions(() => ({ statusCode: 503, data: { total: 1, _embedded: { errors: [{ code: 'SERVER_ERROR' }] } } }));
    await expect(client.createTransfer(purchase)).rejects.toMatchObject({
      name: 'ProcessorError',
      code: 'UNAVAILABLE',
      message: 'finix answered 503 to POST /3d_secure_sessions',
    });
    expect(sent()).toBe(1);
  });

  it('sends the session once after a timeout, and no transfer', async () => {
    const client = setup({ timeoutMs: 40 });
    const sent = countSessions(() => ({ statusCode: 201, data: sessionAnswer('SUCCEEDED') }), 400);
    await expect(client.createTransfer(purchase)).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: 'finix: POST /3d_secure_sessions timed out',
    });
    expect(sent()).toBe(1);
  });

  it('answers a session Finix refuses (4xx) INSTRUMENT_INVALID, and its credentials appear in no error', async () => {
    const client = setup();
    interceptSessionCreation().reply(422, {
      total: 1,
      _embedded: { errors: [{ code: 'INVALID_FIELD', message: 'payment_instrument_id' }] },
    });
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => expect.fail('should have failed'),
        (error: unknown) => error as Error,
      );
    const refused = await failure(client.createTransfer(purchase));
    expect(refused).toMatchObject({ name: 'ProcessorError', code: 'INSTRUMENT_INVALID' });
    interceptSessionCreation().reply(401, { total: 1, _embedded: { errors: [{ code: 'UNKNOWN' }] } });
    const unauthorized = await failure(client.createTransfer(purchase));
    expect(unauthorized).toMatchObject({ code: 'UNAVAILABLE' });
    for (const error of [refused, unauthorized]) {
      const shown = `${String(error)} ${error.stack ?? ''} ${JSON.stringify(error)}`;
      for (const secret of [TEST_FINIX_SETTINGS.username, TEST_FINIX_SETTINGS.password, TEST_FINIX_AUTHORIZATION]) {
        expect(shown).not.toContain(secret);
      }
    }
  });
});

describe('Finix 3-D Secure: when no session is made', () => {
  const plainTransfer = {
    amount: 1999,
    currency: 'USD',
    merchant: TEST_FINIX_SETTINGS.merchantId,
    source: 'PImmCg3Po7oNi7jaZcXhfkEu',
    idempotency_id: 'LC-0001',
    tags: { merchantRefNum: 'LC-0001' },
  };

  it("configured 'off' (the default): the transfer is made at once, as before", async () => {
    const client = setup({ threeDSecure: 'off' });
    finix()
      .intercept({ path: '/transfers', method: 'POST', body: jsonBody(plainTransfer) })
      .reply(201, transferAnswer());
    await expect(client.createTransfer(purchase)).resolves.toEqual({ ...charged, replacesId: undefined });
  });

  it('a wallet payment (Apple Pay, Google Pay) is never put through 3-D Secure', async () => {
    const client = setup({ threeDSecure: 'required' });
    finix()
      .intercept({ path: '/transfers', method: 'POST', body: jsonBody({ ...plainTransfer, source: 'PImE5ZhGZJNFy14DtX8wX6f6' }) })
      .reply(201, transferAnswer({ source: 'PImE5ZhGZJNFy14DtX8wX6f6' }));
    await expect(
      client.createTransfer({ ...purchase, instrumentId: 'PImE5ZhGZJNFy14DtX8wX6f6', instrumentType: 'APPLE_PAY' }),
    ).resolves.toMatchObject({ state: 'SUCCEEDED' });
  });
});
