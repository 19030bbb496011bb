import type { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { PayoutError } from '../payouts/payout-provider.js';
import { ProcessorError } from './card-processor.js';
import type { FinixClient, FinixClientOptions } from './finix-client.js';
import {
  declinedAnswer,
  FINIX_SANDBOX_ORIGIN,
  finixHeaders,
  finixTestClient,
  identityAnswer,
  instrumentAnswer,
  jsonBody,
  merchantAnswer,
  TEST_FINIX_AUTHORIZATION,
  TEST_FINIX_SETTINGS,
  TEST_FINIX_WEBHOOK_SECRET,
  transferAnswer,
} from './finix-test-support.js';

let agent: MockAgent;

function setup(overrides: Partial<FinixClientOptions> = {}): FinixClient {
  const made = finixTestClient(overrides);
  agent = made.agent;
  return made.client;
}

const finix = () => agent.get(FINIX_SANDBOX_ORIGIN);

afterEach(async () => {
  agent.assertNoPendingInterceptors();
  await agent.close();
});

const purchase = {
  instrumentId: 'PImmCg3Po7oNi7jaZcXhfkEu',
  amount: 1999,
  currency: 'USD',
  merchantRefNum: 'LC-0001',
  idempotencyId: 'LC-0001',
};

/** The body of POST /transfers for `purchase`, as Finix's reference describes it. */
const transferRequest = {
  amount: 1999,
  currency: 'USD',
  merchant: TEST_FINIX_SETTINGS.merchantId,
  source: 'PImmCg3Po7oNi7jaZcXhfkEu',
  idempotency_id: 'LC-0001',
  tags: { merchantRefNum: 'LC-0001' },
};

function interceptTransfer() {
  return finix().intercept({
    path: '/transfers',
    method: 'POST',
    headers: { ...finixHeaders, 'content-type': 'application/json' },
    body: jsonBody(transferRequest),
  });
}

describe('Finix: the buyer identity and the payment instrument', () => {
  it("makes the player's buyer identity once, then an instrument of the tokenization form's token", async () => {
    const client = setup();
    finix()
      .intercept({ path: '/identities', method: 'POST', headers: finixHeaders, body: jsonBody({ entity: {}, tags: { player: 'user-7' } }) })
      .reply(201, identityAnswer());
    for (const token of ['TKiMxe323RE5Dq3wLVtG8kSW', 'TKeD6uad8xZc52Rqg1VhvSBw']) {
      finix()
        .intercept({
          path: '/payment_instruments',
          method: 'POST',
          headers: finixHeaders,
          body: jsonBody({ type: 'TOKEN', token, identity: 'IDgWxBhfGYLLdkhxx2ddYf9K' }),
        })
        .reply(201, instrumentAnswer());
    }
    const first = await client.createInstrument({ token: 'TKiMxe323RE5Dq3wLVtG8kSW', identity: 'user-7' });
    expect(first).toEqual({
      instrumentId: 'PImmCg3Po7oNi7jaZcXhfkEu',
      brand: 'MASTERCARD',
      lastFour: '8210',
      fingerprint: 'FPRiCenDk2SoRng7WjQTr7RJY',
    });
    // The same player's next card belongs to the identity already made (one POST /identities above).
    await expect(client.createInstrument({ token: 'TKeD6uad8xZc52Rqg1VhvSBw', identity: 'user-7' })).resolves.toMatchObject({
      instrumentId: 'PImmCg3Po7oNi7jaZcXhfkEu',
    });
  });

  it("sends an Apple Pay token inside { token } and a Google Pay token as it is, naming our merchant's identity", async () => {
    const client = setup();
    const appleToken = {
      paymentData: { version: 'EC_v1', data: 'IOg9H5', signature: 'MIAGCSqG', header: { transactionId: 'ae514ada' } },
      paymentMethod: { displayName: 'Visa 1111', network: 'Visa', type: 'debit' },
      transactionIdentifier: 'AE514ADA',
    };
    const googleToken = '{"signature":"MEYCIQ","protocolVersion":"ECv2","signedMessage":"{}"}';
    finix().intercept({ path: '/identities', method: 'POST' }).reply(201, identityAnswer('ID78Fh8mcnnzukVzbdoyex5y'));
    finix()
      .intercept({ path: `/merchants/${TEST_FINIX_SETTINGS.merchantId}`, method: 'GET', headers: finixHeaders })
      .reply(200, merchantAnswer());
    finix()
      .intercept({
        path: '/payment_instruments',
        method: 'POST',
        body: jsonBody({
          type: 'APPLE_PAY',
          identity: 'ID78Fh8mcnnzukVzbdoyex5y',
          merchant_identity: 'IDpYDM7J9n57q849o9E9yNrG',
          third_party_token: JSON.stringify({ token: appleToken }),
        }),
      })
      .reply(
        201,
        instrumentAnswer({ id: 'PImE5ZhGZJNFy14DtX8wX6f6', type: 'APPLE_PAY', brand: 'VISA', last_four: '1111', fingerprint: 'FPR88YBD' }),
      );
    finix()
      .intercept({
        path: '/payment_instruments',
        method: 'POST',
        body: jsonBody({
          type: 'GOOGLE_PAY',
          identity: 'ID78Fh8mcnnzukVzbdoyex5y',
          merchant_identity: 'IDpYDM7J9n57q849o9E9yNrG',
          third_party_token: googleToken,
        }),
      })
      .reply(
        201,
        instrumentAnswer({ id: 'PIf8dyFFcEGBqPhaG22hPyYs', type: 'GOOGLE_PAY', brand: 'VISA', last_four: '1111', fingerprint: 'FPRrcobj' }),
      );

    await expect(client.createInstrument({ token: JSON.stringify(appleToken), identity: 'user-8', type: 'APPLE_PAY' })).resolves.toEqual({
      instrumentId: 'PImE5ZhGZJNFy14DtX8wX6f6',
      brand: 'VISA',
      lastFour: '1111',
      fingerprint: 'FPR88YBD',
    });
    await expect(client.createInstrument({ token: googleToken, identity: 'user-8', type: 'GOOGLE_PAY' })).resolves.toMatchObject({
      instrumentId: 'PIf8dyFFcEGBqPhaG22hPyYs',
    });
  });

  it('refuses a token Finix refuses (TOKEN_INVALID), and an Apple Pay token that is not JSON without asking Finix', async () => {
    const client = setup();
    finix().intercept({ path: '/identities', method: 'POST' }).reply(201, identityAnswer());
    finix()
      .intercept({ path: '/payment_instruments', method: 'POST' })
      .reply(422, { total: 1, _embedded: { errors: [{ code: 'INVALID_FIELD', message: 'Token is expired' }] } });
    await expect(client.createInstrument({ token: 'TKexpired', identity: 'user-9' })).rejects.toMatchObject({
      name: 'ProcessorError',
      code: 'TOKEN_INVALID',
    });
    await expect(client.createInstrument({ token: 'not json', identity: 'user-10', type: 'APPLE_PAY' })).rejects.toMatchObject({
      code: 'TOKEN_INVALID',
    });
  });
});

describe('Finix: transfers', () => {
  it('charges the instrument for our merchant with our reference as a tag and the idempotency id, and reads the success', async () => {
    const client = setup();
    interceptTransfer().reply(201, transferAnswer());
    await expect(client.createTransfer(purchase)).resolves.toEqual({
      id: 'TRhw2BGAqyFZcrjTYXq4qTvY',
      state: 'SUCCEEDED',
      amount: 1999,
      currency: 'USD',
      merchantRefNum: 'LC-0001',
      failureCode: null,
      failureMessage: null,
      threeDSecureUrl: null,
    });
  });

  it("answers a decline (402) with the transfer Finix recorded under the idempotency id, its issuer's code as ours", async () => {
    const client = setup();
    interceptTransfer().reply(402, declinedAnswer());
    finix()
      .intercept({ path: '/transfers?idempotency_id=LC-0001', method: 'GET', headers: finixHeaders })
      .reply(200, {
        _embedded: {
          transfers: [
            transferAnswer({
              id: 'TRdeclined0001',
              state: 'FAILED',
              failure_code: 'CALL_ISSUER',
              failure_message: 'The card was declined for an unknown reason.',
            }),
          ],
        },
        page: { limit: 20, next_cursor: null },
      });
    await expect(client.createTransfer(purchase)).resolves.toEqual({
      id: 'TRdeclined0001',
      state: 'FAILED',
      amount: 1999,
      currency: 'USD',
      merchantRefNum: 'LC-0001',
      failureCode: 'CARD_DECLINED',
      failureMessage: 'CALL_ISSUER: The card was declined for an unknown reason.',
      threeDSecureUrl: null,
    });
  });

  it('keeps a failure code that is not a decline (a network error) as a failure, and a declined transfer it cannot list is unknown', async () => {
    const client = setup();
    finix()
      .intercept({ path: '/transfers/TRnetwork0001', method: 'GET' })
      .reply(200, transferAnswer({ id: 'TRnetwork0001', state: 'FAILED', failure_code: 'CARD_NETWORK_ERROR', failure_message: null }));
    await expect(client.fetchTransfer('TRnetwork0001')).resolves.toMatchObject({ state: 'FAILED', failureCode: 'CARD_NETWORK_ERROR' });

    interceptTransfer().reply(402, declinedAnswer());
    finix()
      .intercept({ path: '/transfers?idempotency_id=LC-0001', method: 'GET' })
      .reply(200, { page: { limit: 20 } });
    await expect(client.createTransfer(purchase)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('3-D Secure: a transfer Finix leaves PENDING stays open without a challenge page, and is read again later', async () => {
    const client = setup();
    interceptTransfer().reply(201, transferAnswer({ state: 'PENDING' }));
    finix()
      .intercept({ path: '/transfers/TRhw2BGAqyFZcrjTYXq4qTvY', method: 'GET', headers: finixHeaders })
      .reply(200, transferAnswer({ state: 'SUCCEEDED' }));
    await expect(client.createTransfer(purchase)).resolves.toMatchObject({ state: 'PENDING', threeDSecureUrl: null, failureCode: null });
    await expect(client.fetchTransfer('TRhw2BGAqyFZcrjTYXq4qTvY')).resolves.toMatchObject({ state: 'SUCCEEDED' });
  });

  it('sends the transfer again after a timeout, with the same idempotency id', async () => {
    const client = setup({ timeoutMs: 40 });
    interceptTransfer().reply(201, transferAnswer()).delay(400);
    interceptTransfer().reply(201, transferAnswer());
    await expect(client.createTransfer(purchase)).resolves.toMatchObject({ id: 'TRhw2BGAqyFZcrjTYXq4qTvY', state: 'SUCCEEDED' });
  });

  it('sends the transfer again after a 5xx, with the same idempotency id', async () => {
    const client = setup();
    interceptTransfer().reply(503, { total: 1, _embedded: { errors: [{ code: 'SERVER_ERROR' }] } });
    interceptTransfer().reply(500, '');
    interceptTransfer().reply(201, transferAnswer());
    await expect(client.createTransfer(purchase)).resolves.toMatchObject({ state: 'SUCCEEDED' });
  });

  it('never sends an identity or an instrument twice', async () => {
    const client = setup();
    finix().intercept({ path: '/identities', method: 'POST' }).reply(503, '');
    await expect(client.createInstrument({ token: 'TKonce', identity: 'user-3' })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('calls a malformed answer our error, and fills nothing in', async () => {
    const client = setup();
    interceptTransfer().reply(201, transferAnswer({ state: undefined }));
    await expect(client.createTransfer(purchase)).rejects.toMatchObject({
      name: 'ProcessorError',
      code: 'UNAVAILABLE',
      message: 'finix answered POST /transfers with an unexpected body',
    });
    interceptTransfer().reply(201, transferAnswer({ tags: {} }));
    await expect(client.createTransfer(purchase)).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: 'finix answered POST /transfers with a transfer without our reference',
    });
    finix().intercept({ path: '/transfers/TRx', method: 'GET' }).reply(200, '<html>maintenance</html>');
    await expect(client.fetchTransfer('TRx')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('answers NOT_FOUND for a transfer Finix does not know', async () => {
    const client = setup();
    finix()
      .intercept({ path: '/transfers/TRunknown', method: 'GET' })
      .reply(404, { total: 1, _embedded: { errors: [{ code: 'NOT_FOUND', message: 'Transfer TRunknown not found' }] } });
    await expect(client.fetchTransfer('TRunknown')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('Finix: Apple Pay merchant validation', () => {
  const session = {
    epochTimestamp: 1640213041060,
    expiresAt: 1640216641060,
    merchantSessionIdentifier: 'SSH1524BA9006A944B8B9B8FB60227D9990',
    nonce: 'a5ee8554',
    merchantIdentifier: '23D5E1F154400B277E14CC8361878AA0',
    domainName: 'casino.example',
    displayName: 'Lucky Crown',
    signature: 'MIAGCSqG',
    retries: 0,
  };

  it("asks Finix for the merchant session of Apple's validation URL and answers it as an object", async () => {
    const client = setup();
    finix()
      .intercept({ path: `/merchants/${TEST_FINIX_SETTINGS.merchantId}`, method: 'GET' })
      .reply(200, merchantAnswer());
    finix()
      .intercept({
        path: '/apple_pay_sessions',
        method: 'POST',
        headers: finixHeaders,
        body: jsonBody({
          display_name: 'Lucky Crown',
          domain: 'casino.example',
          merchant_identity: 'IDpYDM7J9n57q849o9E9yNrG',
          validation_url: 'https://apple-pay-gateway-cert.apple.com/paymentservices/paymentSession',
        }),
      })
      .reply(200, {
        id: 'APPLEPAYSESSION_xxx',
        created_at: '2021-11-22T23:58:19.50Z',
        updated_at: '2021-11-22T23:58:19.50Z',
        session_details: JSON.stringify(session),
      });
    await expect(
      client.applePaySession({
        validationUrl: 'https://apple-pay-gateway-cert.apple.com/paymentservices/paymentSession',
        domain: 'casino.example',
        displayName: 'Lucky Crown',
      }),
    ).resolves.toEqual(session);
  });

  it("sends nothing for a URL that is not Apple's or a domain that is not ours", async () => {
    const client = setup();
    await expect(
      client.applePaySession({ validationUrl: 'https://attacker.example/paymentSession', domain: 'casino.example', displayName: 'x' }),
    ).rejects.toMatchObject({ code: 'INSTRUMENT_INVALID' });
    await expect(
      client.applePaySession({
        validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/paymentSession',
        domain: 'other.example',
        displayName: 'x',
      }),
    ).rejects.toMatchObject({ code: 'INSTRUMENT_INVALID' });
  });
});

describe('Finix: push-to-card payouts', () => {
  const payout = {
    idempotencyId: 'redemption:42',
    amount: 5100,
    currency: 'USD',
    reference: '42',
    instrumentId: 'PImmCg3Po7oNi7jaZcXhfkEu',
  };
  const payoutRequest = {
    amount: 5100,
    currency: 'USD',
    destination: 'PImmCg3Po7oNi7jaZcXhfkEu',
    operation_key: 'PUSH_TO_CARD',
    idempotency_id: 'redemption:42',
    tags: { payoutReference: '42' },
  };
  const payoutTransfer = (overrides: Record<string, unknown>) =>
    transferAnswer({
      id: 'TRpayout0042',
      amount: 5100,
      source: null,
      destination: 'PImmCg3Po7oNi7jaZcXhfkEu',
      type: 'CREDIT',
      idempotency_id: 'redemption:42',
      tags: { payoutReference: '42' },
      ...overrides,
    });

  it('pushes the amount to the card with operation PUSH_TO_CARD and answers the settled payout', async () => {
    const client = setup();
    finix()
      .intercept({ path: '/transfers', method: 'POST', headers: finixHeaders, body: jsonBody(payoutRequest) })
      .reply(201, payoutTransfer({ state: 'SUCCEEDED' }));
    await expect(client.pushToCard(payout)).resolves.toEqual({
      id: 'TRpayout0042',
      state: 'SUCCEEDED',
      amount: 5100,
      currency: 'USD',
      reference: '42',
      failureReason: null,
    });
  });

  it('answers a refused payout FAILED with the reason, and a card Finix does not know as NOT_FOUND', async () => {
    const client = setup();
    finix()
      .intercept({ path: '/transfers', method: 'POST', body: jsonBody(payoutRequest) })
      .reply(402, declinedAnswer());
    finix()
      .intercept({ path: '/transfers?idempotency_id=redemption%3A42', method: 'GET' })
      .reply(200, { _embedded: { transfers: [payoutTransfer({ state: 'FAILED', failure_code: 'CARD_NOT_SUPPORTED' })] } });
    await expect(client.pushToCard(payout)).resolves.toMatchObject({ id: 'TRpayout0042', state: 'FAILED', failureReason: 'CARD_DECLINED' });

    finix()
      .intercept({ path: '/transfers', method: 'POST', body: jsonBody(payoutRequest) })
      .reply(404, { total: 1, _embedded: { errors: [{ code: 'NOT_FOUND', message: 'Payment instrument not found' }] } });
    const failure = await client.pushToCard(payout).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PayoutError);
    expect(failure).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('Finix: no secret in an error', () => {
  it('never puts the credentials, the authorization header, a token or the webhook secret in an error message', async () => {
    const client = setup({ timeoutMs: 40, retries: 1 });
    const failures: unknown[] = [];
    const collect = (promise: Promise<unknown>) =>
      promise.then(
        () => expect.fail('should have failed'),
        (error: unknown) => failures.push(error),
      );
    finix()
      .intercept({ path: '/identities', method: 'POST' })
      .reply(401, { total: 1, _embedded: { errors: [{ code: 'UNKNOWN' }] } });
    await collect(client.createInstrument({ token: 'TKsecretTokenValue01', identity: 'user-1' }));
    interceptTransfer().reply(500, 'Internal').times(2);
    await collect(client.createTransfer(purchase));
    interceptTransfer().reply(201, transferAnswer()).delay(400).times(2);
    await collect(client.createTransfer(purchase));
    finix().intercept({ path: '/transfers/TRbad', method: 'GET' }).reply(200, { nothing: true });
    await collect(client.fetchTransfer('TRbad'));
    finix()
      .intercept({ path: '/transfers', method: 'POST' })
      .reply(403, { total: 1, _embedded: { errors: [{ code: 'FORBIDDEN' }] } });
    await collect(client.pushToCard({ idempotencyId: 'p1', amount: 100, currency: 'USD', reference: '1', instrumentId: 'PI1' }));
    try {
      client.verifyWebhook({ 'finix-signature': `timestamp=${Math.floor(Date.now() / 1000)}, sig=${'0'.repeat(64)}` }, '{}');
    } catch (error) {
      failures.push(error);
    }

    expect(failures).toHaveLength(6);
    const secrets = [
      TEST_FINIX_SETTINGS.username,
      TEST_FINIX_SETTINGS.password,
      TEST_FINIX_AUTHORIZATION,
      TEST_FINIX_AUTHORIZATION.slice('Basic '.length),
      TEST_FINIX_WEBHOOK_SECRET,
      'TKsecretTokenValue01',
    ];
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(Error);
      const shown = `${String(failure)} ${(failure as Error).stack ?? ''} ${JSON.stringify(failure)}`;
      for (const secret of secrets) expect(shown).not.toContain(secret);
    }
    expect(failures[0]).toBeInstanceOf(ProcessorError);
  });
});
