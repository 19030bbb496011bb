import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createVendorHttp, VendorHttpError } from './vendor-http.js';

const ORIGIN = 'https://api.vendor.example';
const answer = z.object({ id: z.string() });
let agent: MockAgent;

function client(overrides: { timeoutMs?: number } = {}) {
  agent = new MockAgent();
  agent.disableNetConnect();
  return createVendorHttp({
    vendor: 'vendor',
    baseUrl: `${ORIGIN}/`,
    headers: () => ({ authorization: 'Basic c2VjcmV0' }),
    backoffMs: 1,
    dispatcher: agent,
    ...overrides,
  });
}

afterEach(async () => {
  agent.assertNoPendingInterceptors();
  await agent.close();
});

describe('the vendors’ HTTP client', () => {
  it('sends JSON with the credentials and parses the answer', async () => {
    const http = client();
    agent
      .get(ORIGIN)
      .intercept({
        path: '/v1/things',
        method: 'POST',
        body: JSON.stringify({ amount: 100 }),
        headers: { authorization: 'Basic c2VjcmV0', 'content-type': 'application/json', 'idempotency-key': 'k1' },
      })
      .reply(201, { id: 'TH1' });
    await expect(
      http.request({ method: 'POST', path: '/v1/things', json: { amount: 100 }, headers: { 'idempotency-key': 'k1' }, schema: answer }),
    ).resolves.toEqual({ id: 'TH1' });
  });

  it('sends a form with repeated keys', async () => {
    const http = client();
    agent.get(ORIGIN).intercept({ path: '/form', method: 'POST', body: 'To=%2B12015550123&Tag=a&Tag=b' }).reply(200, { id: 'F1' });
    await expect(
      http.request({ method: 'POST', path: '/form', form: { To: '+12015550123', Tag: ['a', 'b'] }, schema: answer }),
    ).resolves.toEqual({ id: 'F1' });
  });

  it('sends a retryable request again after a 5xx and a lost connection, the same body and key each time', async () => {
    const http = client();
    const request = { path: '/v1/things', method: 'POST', body: JSON.stringify({ amount: 5 }), headers: { 'idempotency-key': 'same' } };
    agent.get(ORIGIN).intercept(request).reply(503, { error: 'busy' });
    agent.get(ORIGIN).intercept(request).replyWithError(new Error('socket hang up'));
    agent.get(ORIGIN).intercept(request).reply(200, { id: 'TH2' });
    await expect(
      http.request({
        method: 'POST',
        path: '/v1/things',
        json: { amount: 5 },
        headers: { 'idempotency-key': 'same' },
        retry: true,
        schema: answer,
      }),
    ).resolves.toEqual({ id: 'TH2' });
  });

  it('gives up after its retries with the last failure', async () => {
    const http = client();
    agent.get(ORIGIN).intercept({ path: '/v1/x', method: 'GET' }).reply(500, 'oops').times(3);
    const failure = await http.request({ method: 'GET', path: '/v1/x', retry: true, schema: answer }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VendorHttpError);
    expect(failure).toMatchObject({ kind: 'status', status: 500, message: 'vendor answered 500 to GET /v1/x' });
  });

  it('never sends a request that is not retryable twice', async () => {
    const http = client();
    agent.get(ORIGIN).intercept({ path: '/v1/x', method: 'POST' }).reply(502, '');
    await expect(http.request({ method: 'POST', path: '/v1/x', json: {}, schema: answer })).rejects.toMatchObject({
      kind: 'status',
      status: 502,
    });
  });

  it('does not retry a refusal, and hands over the vendor’s error body', async () => {
    const http = client();
    agent
      .get(ORIGIN)
      .intercept({ path: '/v1/x?secret=1', method: 'GET' })
      .reply(422, { _embedded: { errors: [{ code: 'INVALID_FIELD' }] } });
    const failure = (await http
      .request({ method: 'GET', path: '/v1/x?secret=1', retry: true, schema: answer })
      .catch((error: unknown) => error)) as VendorHttpError;
    expect(failure.refused).toBe(true);
    expect(failure.body).toEqual({ _embedded: { errors: [{ code: 'INVALID_FIELD' }] } });
    expect(failure.message).toBe('vendor answered 422 to GET /v1/x');
  });

  it('calls an answer of the wrong shape malformed', async () => {
    const http = client();
    agent.get(ORIGIN).intercept({ path: '/v1/x', method: 'GET' }).reply(200, '<html>maintenance</html>');
    await expect(http.request({ method: 'GET', path: '/v1/x', schema: answer })).rejects.toMatchObject({ kind: 'malformed', status: 200 });
  });

  it('times an attempt out', async () => {
    const http = client({ timeoutMs: 20 });
    agent.get(ORIGIN).intercept({ path: '/v1/slow', method: 'GET' }).reply(200, { id: 'late' }).delay(500);
    await expect(http.request({ method: 'GET', path: '/v1/slow', schema: answer })).rejects.toMatchObject({
      kind: 'timeout',
      message: 'vendor: GET /v1/slow timed out',
    });
  });
});
