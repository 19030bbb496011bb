import { isDeepStrictEqual } from 'node:util';
import { MockAgent } from 'undici';
import { createFinixClient, type FinixClient, type FinixClientOptions } from './finix-client.js';

/**
 * For the Finix client's tests: test credentials, Finix's documented answers (its API reference's
 * examples, with our tags) and a client whose requests go to an undici MockAgent.
 */
export const FINIX_SANDBOX_ORIGIN = 'https://finix.sandbox-payments-api.com';

export const TEST_FINIX_SETTINGS = {
  username: 'UStestFinixApiUser0001',
  password: 'c0ffee00-test-pass-word-finix0000001',
  merchantId: 'MUeDVrf2ahuKc9Eg5TeZugvs',
  applicationId: 'APgPDQrLD52TYvqazjHJJchM',
  environment: 'sandbox' as const,
  threeDSecure: 'off' as 'off' | 'always' | 'required',
};
export const TEST_FINIX_WEBHOOK_SECRET = '3afb49c98ac08a67a58efa5580b24e5984bc36d7ebd404e875234f107deed108';
export const TEST_FINIX_AUTHORIZATION = `Basic ${Buffer.from(`${TEST_FINIX_SETTINGS.username}:${TEST_FINIX_SETTINGS.password}`).toString('base64')}`;

/** The headers every request to Finix carries. */
export const finixHeaders = { authorization: TEST_FINIX_AUTHORIZATION, 'finix-version': '2022-02-01' };

/** A MockAgent body matcher: the request's JSON equals `expected` (key order aside). */
export function jsonBody(expected: unknown): (body: string) => boolean {
  return (body) => {
    try {
      return isDeepStrictEqual(JSON.parse(body), expected);
    } catch {
      return false;
    }
  };
}

export function finixTestClient(overrides: Partial<FinixClientOptions> = {}): { client: FinixClient; agent: MockAgent } {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const client = createFinixClient({
    ...TEST_FINIX_SETTINGS,
    webhookSecret: TEST_FINIX_WEBHOOK_SECRET,
    merchantDomain: () => 'casino.example',
    siteUrl: () => 'https://casino.example',
    dispatcher: agent,
    backoffMs: 1,
    ...overrides,
  });
  return { client, agent };
}

export function identityAnswer(id = 'IDgWxBhfGYLLdkhxx2ddYf9K') {
  return {
    id,
    created_at: '2022-10-11T00:37:03.02Z',
    updated_at: '2022-10-11T00:37:03.02Z',
    application: TEST_FINIX_SETTINGS.applicationId,
    entity: {},
    tags: {},
    _links: { self: { href: `${FINIX_SANDBOX_ORIGIN}/identities/${id}` } },
  };
}

/** POST /payment_instruments with a token: the card's instrument (Finix's 'Payment Instrument - Token' example). */
export function instrumentAnswer(overrides: Record<string, unknown> = {}) {
  return {
    id: 'PImmCg3Po7oNi7jaZcXhfkEu',
    created_at: '2022-10-10T05:32:17.78Z',
    updated_at: '2022-10-10T05:32:17.78Z',
    application: TEST_FINIX_SETTINGS.applicationId,
    created_via: 'API',
    currency: 'USD',
    enabled: true,
    fingerprint: 'FPRiCenDk2SoRng7WjQTr7RJY',
    identity: 'IDgWxBhfGYLLdkhxx2ddYf9K',
    instrument_type: 'PAYMENT_CARD',
    address_verification: 'UNKNOWN',
    bin: '520082',
    brand: 'MASTERCARD',
    card_type: 'DEBIT',
    expiration_month: 12,
    expiration_year: 2029,
    issuer_country: 'NON_USA',
    last_four: '8210',
    name: 'Amy White',
    security_code_verification: 'UNKNOWN',
    tags: {},
    type: 'PAYMENT_CARD',
    ...overrides,
  };
}

export function merchantAnswer() {
  return {
    id: TEST_FINIX_SETTINGS.merchantId,
    application: TEST_FINIX_SETTINGS.applicationId,
    identity: 'IDpYDM7J9n57q849o9E9yNrG',
    processing_enabled: true,
    settlement_enabled: true,
  };
}

/** A transfer as Finix answers it (its 'Transfer' example), with our fields. */
export function transferAnswer(overrides: Record<string, unknown> = {}) {
  return {
    id: 'TRhw2BGAqyFZcrjTYXq4qTvY',
    created_at: '2022-10-10T03:49:20.71Z',
    updated_at: '2022-10-10T03:49:21.62Z',
    amount: 1999,
    amount_requested: 1999,
    application: TEST_FINIX_SETTINGS.applicationId,
    currency: 'USD',
    destination: null,
    failure_code: null,
    failure_message: null,
    fee: 0,
    idempotency_id: 'LC-0001',
    merchant_identity: 'IDuqZpDw28f2KK6YuDk4jNLg',
    messages: [],
    raw: null,
    source: 'PImmCg3Po7oNi7jaZcXhfkEu',
    state: 'SUCCEEDED',
    statement_descriptor: 'FNX*LUCKY CROWN',
    subtype: 'API',
    tags: { merchantRefNum: 'LC-0001' },
    trace_id: '9789aa49-23a5-47c5-9ca1-7492a582fcde',
    type: 'DEBIT',
    _links: { self: { href: `${FINIX_SANDBOX_ORIGIN}/transfers/TRhw2BGAqyFZcrjTYXq4qTvY` } },
    ...overrides,
  };
}

/** A 402 answer to POST /transfers (the API reference's Error402PaymentRequired). */
export function declinedAnswer() {
  return {
    total: 1,
    _embedded: {
      errors: [
        {
          code: 'CALL_ISSUER',
          logref: 'ab12cd34ef56ab78',
          message: 'Please contact card issuer for more information.',
          _links: { source: { href: `${FINIX_SANDBOX_ORIGIN}/transfers` } },
        },
      ],
    },
  };
}

/** The 3-D Secure Session id of Finix's API reference example. */
export const TEST_SESSION_ID = '3d_secure_session_f3fG3Zj8K958MTP5vpXAXX';

/** The authentication values of a finished session (the values of Finix's 3-D Secure examples). */
export const sessionAuthentication = (indicator = 'AUTHENTICATED') => ({
  cardholder_authentication: 'BwABBJQ1AgAAAAAgJDUCAAAAAAA=',
  electronic_commerce_indicator: indicator,
  transaction_id: 'EaOMucALHQqLAEGAgk',
});

/**
 * A 3-D Secure Session as Finix answers it (POST /3d_secure_sessions, GET /3d_secure_sessions/{id}):
 * its id, timestamps, state, and 3d_secure_authentication, null until the authentication finishes
 * and when it FAILED.
 */
export function sessionAnswer(state: 'PENDING' | 'SUCCEEDED' | 'FAILED', indicator = 'AUTHENTICATED') {
  return {
    id: TEST_SESSION_ID,
    created_at: '2026-03-02T18:40:11.52Z',
    updated_at: '2026-03-02T18:40:11.52Z',
    state,
    '3d_secure_authentication': state === 'SUCCEEDED' ? sessionAuthentication(indicator) : null,
  };
}
