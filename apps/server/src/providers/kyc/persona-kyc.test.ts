import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { KycWebhookSignatureError } from './kyc-provider.js';
import { createPersonaKyc, PERSONA_API, PERSONA_SIGNATURE_HEADER, PERSONA_VERSION, signPersonaWebhook } from './persona-kyc.js';

const API_KEY = 'persona_sandbox_0123456789abcdef0123456789abcdef';
const WEBHOOK_SECRET = 'wbhsec_0123456789abcdef0123456789abcdef';
const OLD_SECRET = 'wbhsec_previous_secret_being_rotated_out';
const TEMPLATE = 'itmpl_Y1vuHAGRB6DAyBnFdbr82u7N';
const INQUIRY = 'inq_zEx4jL84ShbUyuwX6AzPSqt6';
const NOW = new Date('2026-03-01T12:00:00Z');
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);

/** An inquiry as Persona's reference shows it (trimmed): the create answer and every event's payload. */
function inquiry(status: string) {
  return {
    type: 'inquiry',
    id: INQUIRY,
    attributes: {
      status,
      'reference-id': 'player-7',
      note: null,
      'created-at': '2026-03-01T11:58:45.000Z',
      'completed-at': null,
      'name-first': 'Jane',
      'name-last': 'Doe',
      birthdate: '1995-09-08',
    },
    relationships: { template: { data: null }, 'inquiry-template': { data: { type: 'inquiry-template', id: TEMPLATE } } },
  };
}
/** A webhook event as Persona sends it. */
function event(name: string, payload: unknown, id = 'evt_o9byQRbjygu76Jbtea9wuJ1boP7a') {
  return JSON.stringify({ data: { type: 'event', id, attributes: { name, payload, 'created-at': '2026-03-01T12:00:00.000Z' } } });
}

let agent: MockAgent | undefined;
function persona(overrides: { templateId?: string; timeoutMs?: number } = {}) {
  agent = new MockAgent();
  agent.disableNetConnect();
  return createPersonaKyc({
    apiKey: API_KEY,
    templateId: overrides.templateId ?? TEMPLATE,
    webhookSecret: WEBHOOK_SECRET,
    publicUrl: 'https://casino.example/',
    dispatcher: agent,
    ...(overrides.timeoutMs ? { timeoutMs: overrides.timeoutMs } : {}),
  });
}

afterEach(async () => {
  if (!agent) return;
  agent.assertNoPendingInterceptors();
  await agent.close();
  agent = undefined;
});

function expectNoSecretIn(error: unknown): void {
  const text = `${String((error as Error).message)} ${String((error as Error).stack)}`;
  for (const secret of [API_KEY, WEBHOOK_SECRET]) expect(text).not.toContain(secret);
}

describe('Persona: opening a verification (hosted flow)', () => {
  it('creates an inquiry from the template for the player, and sends the player to the hosted flow with its id', async () => {
    const kyc = persona();
    agent!
      .get(PERSONA_API)
      .intercept({
        path: '/api/v1/inquiries',
        method: 'POST',
        headers: {
          authorization: `Bearer ${API_KEY}`,
          'persona-version': PERSONA_VERSION,
          'content-type': 'application/json',
          'idempotency-key': (value: string) => /^[0-9a-f-]{36}$/.test(value),
        },
        body: JSON.stringify({
          data: {
            attributes: { 'inquiry-template-id': TEMPLATE, 'redirect-uri': 'https://casino.example/user/account-details?tab=verification' },
          },
          meta: { 'auto-create-account-reference-id': 'player-7' },
        }),
      })
      .reply(201, { data: inquiry('created'), included: [] });
    expect(kyc.kind).toBe('persona');
    await expect(kyc.createSession({ reference: 'player-7', returnUrl: '/user/account-details?tab=verification' })).resolves.toEqual({
      sessionId: INQUIRY,
      url: `https://inquiry.withpersona.com/verify?inquiry-id=${INQUIRY}`,
      status: 'created',
    });
  });

  it('names a template version by its own field, and sends the player back only to our site', async () => {
    const kyc = persona({ templateId: 'itmplv_Y1vuHAGRB6DAyBnFdbr82u7N' });
    agent!
      .get(PERSONA_API)
      .intercept({
        path: '/api/v1/inquiries',
        method: 'POST',
        body: (body: string) => {
          const sent = JSON.parse(body) as { data: { attributes: Record<string, string> } };
          return (
            sent.data.attributes['inquiry-template-version-id'] === 'itmplv_Y1vuHAGRB6DAyBnFdbr82u7N' &&
            sent.data.attributes['redirect-uri'] === 'https://casino.example/'
          );
        },
      })
      .reply(201, { data: inquiry('created') });
    await expect(kyc.createSession({ reference: 'player-8', returnUrl: 'https://elsewhere.example/phish' })).resolves.toMatchObject({
      sessionId: INQUIRY,
    });
  });

  it('asks again after a timeout and a gateway’s 5xx with the same idempotency key, so Persona creates one inquiry', async () => {
    const kyc = persona({ timeoutMs: 30 });
    const keys: string[] = [];
    const pool = agent!.get(PERSONA_API);
    const remember = (options: { headers?: unknown }) => {
      keys.push(String((options.headers as Record<string, string>)['idempotency-key']));
    };
    pool
      .intercept({ path: '/api/v1/inquiries', method: 'POST' })
      .reply((options) => {
        remember(options);
        return { statusCode: 201, data: { data: inquiry('created') } };
      })
      .delay(500);
    pool.intercept({ path: '/api/v1/inquiries', method: 'POST' }).reply((options) => {
      remember(options);
      return { statusCode: 502, data: 'Bad Gateway' };
    });
    pool.intercept({ path: '/api/v1/inquiries', method: 'POST' }).reply((options) => {
      remember(options);
      return { statusCode: 201, data: { data: inquiry('created') } };
    });
    await expect(kyc.createSession({ reference: 'player-9', returnUrl: '/' })).resolves.toMatchObject({ sessionId: INQUIRY });
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('does not ask again when Persona refuses the request, and says nothing secret', async () => {
    const kyc = persona();
    let requests = 0;
    agent!
      .get(PERSONA_API)
      .intercept({ path: '/api/v1/inquiries', method: 'POST' })
      .reply(() => {
        requests += 1;
        return { statusCode: 401, data: { errors: [{ title: 'Must be authenticated to access this endpoint' }] } };
      })
      .persist();
    const failure = await kyc.createSession({ reference: 'player-10', returnUrl: '/' }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'VendorHttpError', kind: 'status', status: 401, refused: true });
    expect(requests).toBe(1);
    expectNoSecretIn(failure);
  });

  it('refuses an answer that is not an inquiry it knows', async () => {
    const kyc = persona();
    const pool = agent!.get(PERSONA_API);
    pool.intercept({ path: '/api/v1/inquiries', method: 'POST' }).reply(201, { data: { type: 'account', id: 'act_1' } });
    pool.intercept({ path: '/api/v1/inquiries', method: 'POST' }).reply(201, { data: inquiry('some_new_status') });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const failure = await kyc.createSession({ reference: 'player-11', returnUrl: '/' }).catch((error: unknown) => error);
      expect(failure).toMatchObject({ name: 'VendorHttpError', kind: 'malformed' });
      expectNoSecretIn(failure);
    }
  });
});

describe('Persona: webhooks (Persona-Signature)', () => {
  const kyc = createPersonaKyc({
    apiKey: API_KEY,
    templateId: TEMPLATE,
    webhookSecret: WEBHOOK_SECRET,
    publicUrl: 'https://casino.example',
  });
  const signed = (body: string, secret = WEBHOOK_SECRET, at = NOW_SECONDS) => ({
    [PERSONA_SIGNATURE_HEADER]: signPersonaWebhook(secret, body, at),
  });

  it.each([
    ['inquiry.created', 'created', 'created'],
    ['inquiry.started', 'pending', 'activated'],
    ['inquiry.completed', 'completed', 'processing'],
    ['inquiry.marked-for-review', 'needs_review', 'processing'],
    ['inquiry.approved', 'approved', 'complete'],
    ['inquiry.declined', 'declined', 'failed'],
    ['inquiry.failed', 'failed', 'failed'],
    ['inquiry.expired', 'expired', 'archived'],
  ])('accepts a genuine %s (inquiry %s) as our status %s', (name, status, ours) => {
    const body = event(name, { data: inquiry(status), included: [] });
    expect(kyc.verifyWebhook(signed(body), body, NOW)).toEqual({
      eventId: 'evt_o9byQRbjygu76Jbtea9wuJ1boP7a',
      sessionId: INQUIRY,
      status: ours,
    });
  });

  it('accepts the signature of the new secret while the secret rotates (two sets in the header)', () => {
    const body = event('inquiry.approved', { data: inquiry('approved') });
    const header = `${signPersonaWebhook(OLD_SECRET, body, NOW_SECONDS)} ${signPersonaWebhook(WEBHOOK_SECRET, body, NOW_SECONDS)}`;
    expect(kyc.verifyWebhook({ [PERSONA_SIGNATURE_HEADER]: header }, body, NOW)).toMatchObject({ status: 'complete' });
  });

  it('refuses forged webhooks: no signature, another secret, a body changed after signing, a stale or future timestamp', () => {
    const body = event('inquiry.approved', { data: inquiry('approved') });
    const refusal = (headers: Record<string, string>, raw = body) => {
      try {
        kyc.verifyWebhook(headers, raw, NOW);
      } catch (error) {
        expect(error).toBeInstanceOf(KycWebhookSignatureError);
        expectNoSecretIn(error);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal({})).toBe('missing signature');
    expect(refusal(signed(body, OLD_SECRET))).toBe('signature mismatch');
    expect(refusal(signed(body), body.replace('approved', 'declined'))).toBe('signature mismatch');
    expect(refusal(signed(body, WEBHOOK_SECRET, NOW_SECONDS - 301))).toBe('outside the replay window');
    expect(refusal(signed(body, WEBHOOK_SECRET, NOW_SECONDS + 301))).toBe('outside the replay window');
    expect(refusal({ [PERSONA_SIGNATURE_HEADER]: `v1=${signPersonaWebhook(WEBHOOK_SECRET, body, NOW_SECONDS).split('v1=')[1]}` })).toBe(
      'missing timestamp',
    );
    // The sandbox's header is not Persona's.
    expect(refusal({ 'kyc-signature': signPersonaWebhook(WEBHOOK_SECRET, body, NOW_SECONDS) })).toBe('missing signature');
  });

  it('acknowledges a genuine event that moves no inquiry, and refuses a signed body that is not an event', () => {
    const account = event('account.created', { data: { type: 'account', id: 'act_ABC123', attributes: { 'reference-id': 'player-7' } } });
    expect(kyc.verifyWebhook(signed(account), account, NOW)).toBeNull();
    const unknown = event('inquiry.transitioned', { data: inquiry('some_new_status') });
    expect(kyc.verifyWebhook(signed(unknown), unknown, NOW)).toBeNull();
    const notAnEvent = JSON.stringify({ data: inquiry('approved') });
    expect(() => kyc.verifyWebhook(signed(notAnEvent), notAnEvent, NOW)).toThrowError('unexpected body');
    expect(() => kyc.verifyWebhook(signed('not json'), 'not json', NOW)).toThrowError('body is not JSON');
  });
});
