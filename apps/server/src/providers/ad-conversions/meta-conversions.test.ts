import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { VendorHttpError } from '../vendor-http.js';
import { ConversionRejected, type ConversionEvent } from './conversion-api.js';
import { createMetaConversions, META_GRAPH_API } from './meta-conversions.js';

const TOKEN = 'EAAGm0PX4ZCpsBAMetaAccessToken0123456789';
const PIXEL = '1234567890123456';
const PATH = `/v25.0/${PIXEL}/events?access_token=${TOKEN}`;
const EMAIL_SHA256 = 'a'.repeat(64);
const purchase: ConversionEvent = {
  eventName: 'purchase',
  eventId: 'LC-20260301-0001',
  eventTime: new Date('2026-03-01T12:00:00Z'),
  emailSha256: EMAIL_SHA256,
  amount: 999,
  currency: 'USD',
  clickId: 'fb.1.1772366400000.AbCdEf',
};
/** The body Meta's reference documents for one website purchase, with what we know of it. */
const expectedBody = {
  data: [
    {
      event_name: 'Purchase',
      event_time: 1772366400,
      event_id: 'LC-20260301-0001',
      action_source: 'website',
      user_data: { em: [EMAIL_SHA256], fbc: 'fb.1.1772366400000.AbCdEf' },
      custom_data: { value: 9.99, currency: 'USD' },
    },
  ],
};
const received = { events_received: 1, messages: [], fbtrace_id: 'AbCdEfGhIjKl' };
const graphError = (code: number, extra: Record<string, unknown> = {}) => ({
  error: { message: 'Invalid parameter', type: 'OAuthException', code, fbtrace_id: 'AtRaCe123', ...extra },
});

let agent: MockAgent;
function meta(timeoutMs?: number) {
  agent = new MockAgent();
  agent.disableNetConnect();
  return createMetaConversions({
    pixelId: PIXEL,
    accessToken: TOKEN,
    apiVersion: 'v25.0',
    backoffMs: 1,
    dispatcher: agent,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}
/** Counts the requests and keeps their bodies; answers `answers` in turn (the last one again). */
function answering(answers: { statusCode: number; data: string | object; delay?: boolean }[]) {
  const bodies: string[] = [];
  const pool = agent.get(META_GRAPH_API);
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

describe('Meta’s Conversions API', () => {
  it('posts the event as JSON to the pixel’s events edge with the access token, and answers the body sent', async () => {
    const api = meta();
    agent
      .get(META_GRAPH_API)
      .intercept({ path: PATH, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(expectedBody) })
      .reply(200, received);
    expect(api).toMatchObject({ provider: 'meta', kind: 'meta' });
    await expect(api.send(purchase)).resolves.toEqual(expectedBody);
  });

  it('maps Meta’s refusal of the event to ConversionRejected, sent once', async () => {
    const api = meta();
    const bodies = answering([
      { statusCode: 400, data: graphError(100, { error_subcode: 2804003, error_user_title: 'Event Timestamp Too Old' }) },
    ]);
    const failure = await api.send(purchase).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConversionRejected);
    expect((failure as Error).message).toBe('meta refused the event (code 100 subcode 2804003, fbtrace_id AtRaCe123)');
    expect(bodies).toHaveLength(1);
    expectNoSecretIn(failure);
  });

  it('keeps a refused token, or a transient refusal, a vendor error: the event stays pending', async () => {
    const api = meta();
    answering([
      { statusCode: 400, data: graphError(190, { type: 'OAuthException', message: 'Error validating access token' }) },
      { statusCode: 400, data: graphError(2, { is_transient: true }) },
    ]);
    for (const expected of ['meta refused the access token or its permissions (code 190', 'meta answered 400, a passing fault (code 2']) {
      const failure = await api.send(purchase).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(VendorHttpError);
      expect(failure).not.toBeInstanceOf(ConversionRejected);
      expect((failure as Error).message).toContain(expected);
      expectNoSecretIn(failure);
    }
  });

  it('sends the same event again after a 5xx and after a timeout: Meta deduplicates on event_name and event_id', async () => {
    const api = meta(30);
    const bodies = answering([
      { statusCode: 503, data: graphError(2) },
      { statusCode: 200, data: received, delay: true },
      { statusCode: 200, data: received },
    ]);
    await expect(api.send(purchase)).resolves.toEqual(expectedBody);
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies)).toEqual(new Set([JSON.stringify(expectedBody)]));
  });

  it('gives up after its retries with the last failure, which names no secret', async () => {
    const api = meta();
    const bodies = answering([0, 1, 2].map(() => ({ statusCode: 500, data: graphError(1) })));
    const failure = await api.send(purchase).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'VendorHttpError', kind: 'status', status: 500 });
    expect(bodies).toHaveLength(3);
    expectNoSecretIn(failure);
  });

  it('refuses an answer of the wrong shape, and one that received no event', async () => {
    const api = meta();
    answering([
      { statusCode: 200, data: '<html>Sorry, something went wrong.</html>' },
      { statusCode: 200, data: { events_received: 0, messages: [] } },
    ]);
    await expect(api.send(purchase)).rejects.toMatchObject({ name: 'VendorHttpError', kind: 'malformed', status: 200 });
    await expect(api.send(purchase)).rejects.toThrowError(new ConversionRejected('meta received no event'));
  });
});
