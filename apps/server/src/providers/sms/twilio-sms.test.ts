import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { VendorHttpError } from '../vendor-http.js';
import { SmsDeliveryError } from './sms-sender.js';
import { createTwilioSms, TWILIO_API } from './twilio-sms.js';

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'twilio-auth-token-0123456789abcdef';
const API_KEY_SID = 'SKfedcba9876543210fedcba9876543210';
const API_KEY_SECRET = 'twilio-api-key-secret-0123456789';
const MESSAGING_SERVICE_SID = 'MG00112233445566778899aabbccddeeff';
const PATH = `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`;
const TO = '+12015550123';
const BODY = 'Your Lucky Crown verification code is 482913. It expires in 10 minutes.';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** The created Message as Twilio's reference shows it (201). */
const created = {
  account_sid: ACCOUNT_SID,
  api_version: '2010-04-01',
  body: BODY,
  date_created: 'Thu, 24 Aug 2023 05:01:45 +0000',
  date_sent: null,
  date_updated: 'Thu, 24 Aug 2023 05:01:45 +0000',
  direction: 'outbound-api',
  error_code: null,
  error_message: null,
  from: '+15005550006',
  messaging_service_sid: null,
  num_media: '0',
  num_segments: '1',
  price: null,
  price_unit: null,
  sid: 'SMaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  status: 'queued',
  to: TO,
  uri: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/SMaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.json`,
};
/** Twilio's error answer for a refused request. */
const refusal = (code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status: 400,
});

let agent: MockAgent;
function sender(overrides: { apiKey?: boolean; messagingService?: boolean; timeoutMs?: number } = {}) {
  agent = new MockAgent();
  agent.disableNetConnect();
  return createTwilioSms({
    accountSid: ACCOUNT_SID,
    auth: overrides.apiKey ? { username: API_KEY_SID, password: API_KEY_SECRET } : { username: ACCOUNT_SID, password: AUTH_TOKEN },
    ...(overrides.messagingService ? { messagingServiceSid: MESSAGING_SERVICE_SID } : { from: '+15005550006' }),
    ...(overrides.timeoutMs ? { timeoutMs: overrides.timeoutMs } : {}),
    dispatcher: agent,
  });
}

/** Every message of an error and its cause: none may hold a credential, the code's text or the number. */
function expectNoSecretIn(error: unknown): void {
  const text = `${String((error as Error).message)} ${String((error as Error).stack)}`;
  for (const secret of [AUTH_TOKEN, API_KEY_SECRET, BODY, '482913', TO]) expect(text).not.toContain(secret);
}

afterEach(async () => {
  agent.assertNoPendingInterceptors();
  await agent.close();
});

describe('SMS by Twilio', () => {
  it('posts To, From and Body as a form to the account’s Messages resource, with the account SID and auth token', async () => {
    const sms = sender();
    agent
      .get(TWILIO_API)
      .intercept({
        path: PATH,
        method: 'POST',
        headers: { authorization: basic(ACCOUNT_SID, AUTH_TOKEN), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: TO, From: '+15005550006', Body: BODY }).toString(),
      })
      .reply(201, created);
    expect(sms.kind).toBe('twilio');
    await expect(sms.send({ to: TO, body: BODY })).resolves.toBeUndefined();
  });

  it('authenticates with an API key and sends through a messaging service', async () => {
    const sms = sender({ apiKey: true, messagingService: true });
    agent
      .get(TWILIO_API)
      .intercept({
        path: PATH,
        method: 'POST',
        headers: { authorization: basic(API_KEY_SID, API_KEY_SECRET) },
        body: new URLSearchParams({ To: TO, MessagingServiceSid: MESSAGING_SERVICE_SID, Body: BODY }).toString(),
      })
      .reply(201, { ...created, from: null, messaging_service_sid: MESSAGING_SERVICE_SID, status: 'accepted' });
    await expect(sms.send({ to: TO, body: BODY })).resolves.toBeUndefined();
  });

  it.each([
    [21211, `The 'To' number ${TO} is not a valid phone number.`],
    [21614, `'To' number ${TO} is not a valid mobile number`],
    [21612, `The 'To' phone number: ${TO}, is not currently reachable using the 'From' phone number via SMS.`],
  ])('answers Twilio’s refusal %i of the number with SmsDeliveryError', async (code, message) => {
    const sms = sender();
    agent.get(TWILIO_API).intercept({ path: PATH, method: 'POST' }).reply(400, refusal(code, message));
    const failure = await sms.send({ to: TO, body: BODY }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SmsDeliveryError);
    expect((failure as Error).message).toContain(`error ${code}`);
    expectNoSecretIn(failure);
  });

  it('keeps another refusal (wrong credentials) a vendor error, not the number’s fault', async () => {
    const sms = sender();
    agent.get(TWILIO_API).intercept({ path: PATH, method: 'POST' }).reply(401, { code: 20003, message: 'Authenticate', status: 401 });
    const failure = await sms.send({ to: TO, body: BODY }).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(SmsDeliveryError);
    expect(failure).toMatchObject({ name: 'VendorHttpError', kind: 'status', status: 401 });
    expectNoSecretIn(failure);
  });

  it('never sends a message twice: a 5xx and a timeout are errors after one request', async () => {
    const sms = sender({ timeoutMs: 30 });
    let requests = 0;
    agent
      .get(TWILIO_API)
      .intercept({ path: PATH, method: 'POST' })
      .reply(() => {
        requests += 1;
        return { statusCode: 503, data: { code: 20500, message: 'Internal Server Error', status: 503 } };
      })
      .persist();
    const unavailable = await sms.send({ to: TO, body: BODY }).catch((error: unknown) => error);
    expect(unavailable).toMatchObject({ kind: 'status', status: 503 });
    expect(requests).toBe(1);
    expectNoSecretIn(unavailable);
    await agent.close();

    const slow = sender({ timeoutMs: 30 });
    let slowRequests = 0;
    agent
      .get(TWILIO_API)
      .intercept({ path: PATH, method: 'POST' })
      .reply(() => {
        slowRequests += 1;
        return { statusCode: 201, data: created };
      })
      .delay(500)
      .persist();
    const timedOut = await slow.send({ to: TO, body: BODY }).catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(VendorHttpError);
    expect(timedOut).toMatchObject({ kind: 'timeout' });
    expect(slowRequests).toBe(1);
    expectNoSecretIn(timedOut);
  });

  it('refuses an answer that is not a created message', async () => {
    const sms = sender();
    agent.get(TWILIO_API).intercept({ path: PATH, method: 'POST' }).reply(201, { status: 'queued' });
    await expect(sms.send({ to: TO, body: BODY })).rejects.toMatchObject({ name: 'VendorHttpError', kind: 'malformed', status: 201 });
  });
});
