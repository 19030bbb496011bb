import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { VendorHttpError } from '../vendor-http.js';
import { ConversionRejected, type ConversionEvent } from './conversion-api.js';
import { createRedditConversions, REDDIT_ADS_API } from './reddit-conversions.js';

const TOKEN = 'eyJhbGciOiJSUzI1NiIsImtpZCI6IlJlZGRpdENvbnZlcnNpb25Ub2tlbg';
const PIXEL = 'a2_abc123def456';
const PATH = `/api/v3/pixels/${PIXEL}/conversion_events`;
const EMAIL_SHA256 = 'b'.repeat(64);
const deposit: ConversionEvent = {
  eventName: 'deposit',
  eventId: 'LC-20260301-0002',
  eventTime: new Date('2026-03-01T12:00:00.250Z'),
  emailSha256: EMAIL_SHA256,
  amount: 999,
  currency: 'USD',
  clickId: 'rdt-click-123',
};
const registration: ConversionEvent = { ...deposit, eventName: 'registration', eventId: 'registration:xyz', amount: null, clickId: null };
/** Reddit's v3 body for a custom (deposit) website event, as its reference documents the fields. */
const expectedDeposit = {
  data: {
    events: [
      {
        event_at: 1772366400250,
        action_source: 'WEBSITE',
        type: { tracking_type: 'CUSTOM', custom_event_name: 'Deposit' },
        click_id: 'rdt-click-123',
        user: { email: EMAIL_SHA256 },
        metadata: { conversion_id: 'LC-20260301-0002', value: 9.99, currency: 'USD' },
      },
    ],
  },
};
const processed = { data: { message: 'Successfully processed 1 conversion events.' } };

let agent: MockAgent;
function reddit(timeoutMs?: number) {
  agent = new MockAgent();
  agent.disableNetConnect();
  return createRedditConversions({
    pixelId: PIXEL,
    accessToken: TOKEN,
    backoffMs: 1,
    dispatcher: agent,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}
function answering(answers: { statusCode: number; data: string | object; delay?: boolean }[]) {
  const bodies: string[] = [];
  const pool = agent.get(REDDIT_ADS_API);
  for (const answer of answers) {
    const interceptor = pool.intercept({ path: PATH, method: 'POST' }).reply((options) => {
      bodies.push(typeof options.body === 'string' ? options.body : '');
      return { statusCode: answer.statusCode, data: answer.data };
    });
    if (answer.delay) interceptor.delay(500);
  }
  return bodies;
}
function expectNoSecretIn(error: unknown): void {
  expect(`${String((error as Error).message)} ${String((error as Error).stack)}`).not.toContain(TOKEN);
}

afterEach(async () => {
  agent.assertNoPendingInterceptors();
  await agent.close();
});

describe('Reddit’s Conversions API (v3)', () => {
  it('posts the event to the pixel’s conversion events with the Bearer token and a user agent of its own', async () => {
    const api = reddit();
    agent
      .get(REDDIT_ADS_API)
      .intercept({
        path: PATH,
        method: 'POST',
        headers: {
          authorization: `Bearer ${TOKEN}`,
          'content-type': 'application/json',
          'user-agent': (value: string) => value.startsWith('lucky-crown-casino'),
        },
        body: JSON.stringify(expectedDeposit),
      })
      .reply(200, processed);
    expect(api).toMatchObject({ provider: 'reddit', kind: 'reddit' });
    await expect(api.send(deposit)).resolves.toEqual(expectedDeposit);
  });

  it('sends a sign-up without value, and a purchase as the standard PURCHASE type', async () => {
    const api = reddit();
    const bodies = answering([
      { statusCode: 200, data: processed },
      { statusCode: 200, data: processed },
    ]);
    await api.send(registration);
    await api.send({ ...deposit, eventName: 'purchase' });
    const [signUp, purchase] = bodies.map((body) => (JSON.parse(body) as typeof expectedDeposit).data.events[0]);
    expect(signUp).toEqual({
      event_at: 1772366400250,
      action_source: 'WEBSITE',
      type: { tracking_type: 'SIGN_UP' },
      user: { email: EMAIL_SHA256 },
      metadata: { conversion_id: 'registration:xyz' },
    });
    expect(purchase?.type).toEqual({ tracking_type: 'PURCHASE' });
  });

  it('maps Reddit’s 400 to ConversionRejected, sent once', async () => {
    const api = reddit();
    const bodies = answering([{ statusCode: 400, data: { message: 'There were 1 invalid conversion events. None were processed.' } }]);
    const failure = await api.send(deposit).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConversionRejected);
    expect(bodies).toHaveLength(1);
    expectNoSecretIn(failure);
  });

  it('keeps a refused token a vendor error: the event stays pending', async () => {
    const api = reddit();
    const bodies = answering([{ statusCode: 401, data: { message: 'UNAUTHORIZED' } }]);
    const failure = await api.send(deposit).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VendorHttpError);
    expect(failure).not.toBeInstanceOf(ConversionRejected);
    expect(failure).toMatchObject({ status: 401 });
    expect(bodies).toHaveLength(1);
    expectNoSecretIn(failure);
  });

  it('sends the same event again after a 5xx, a 429 and a timeout: Reddit deduplicates on the conversion id', async () => {
    const api = reddit(30);
    const bodies = answering([
      { statusCode: 500, data: { message: 'The service is currently unavailable. No conversion events were processed.' } },
      { statusCode: 429, data: { message: 'Too many requests/events within timeframe.' } },
      { statusCode: 200, data: processed },
    ]);
    await expect(api.send(deposit)).resolves.toEqual(expectedDeposit);
    expect(bodies).toHaveLength(3);

    const again = answering([
      { statusCode: 200, data: processed, delay: true },
      { statusCode: 200, data: processed },
    ]);
    await expect(api.send(deposit)).resolves.toEqual(expectedDeposit);
    expect(again).toHaveLength(2);
    expect(new Set([...bodies, ...again])).toEqual(new Set([JSON.stringify(expectedDeposit)]));
  });

  it('gives up after its retries with the last failure, which names no secret', async () => {
    const api = reddit();
    const bodies = answering([0, 1, 2].map(() => ({ statusCode: 503, data: { message: 'unavailable' } })));
    const failure = await api.send(deposit).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'VendorHttpError', kind: 'status', status: 503 });
    expect(bodies).toHaveLength(3);
    expectNoSecretIn(failure);
  });

  it('refuses an answer of the wrong shape', async () => {
    const api = reddit();
    answering([{ statusCode: 200, data: { status: 'ok' } }]);
    await expect(api.send(deposit)).rejects.toMatchObject({ name: 'VendorHttpError', kind: 'malformed', status: 200 });
  });
});
