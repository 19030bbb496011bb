import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testServer } from '../test/harness.js';
import { registerErrorHandler } from './error-handler.js';
import { AppError } from './errors.js';
import { registerRequestId, requestIdMixin, requestIdOf } from './request-id.js';

/** A server with the request id as buildApp sets it up, logging into `lines`. */
function serverLoggingTo(lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream, mixin: requestIdMixin }, genReqId: requestIdOf, requestIdHeader: false });
  registerRequestId(app);
  registerErrorHandler(app);
  app.post('/refused', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    // A service below the route logs with the server's logger, not the request's.
    app.log.info('checking the bet');
    throw new AppError('InsufficientBalance');
  });
  return app;
}

describe('the request id', () => {
  it('comes back on every answer, errors included, and is the balancer’s when it sent one', async () => {
    const { baseUrl } = await testServer();
    const answer = await fetch(`${baseUrl}/api/v1/no-such-route`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const relayed = await fetch(`${baseUrl}/healthz`, { headers: { 'x-request-id': 'haproxy-7f3a9c01' } });
    expect(relayed.headers.get('x-request-id')).toBe('haproxy-7f3a9c01');
    const odd = await fetch(`${baseUrl}/healthz`, { headers: { 'x-request-id': 'no spaces <allowed>' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is on every log line written while the request is handled, by the server’s logger too', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = serverLoggingTo(lines);
    const answer = await app.inject({ method: 'POST', url: '/refused', payload: { bet: 1 }, headers: { 'x-request-id': 'balancer-0001' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['x-request-id']).toBe('balancer-0001');
    const checking = lines.find((line) => line.msg === 'checking the bet');
    expect(checking).toMatchObject({ reqId: 'balancer-0001' });
    // The request's own lines name it once.
    const completed = lines.find((line) => line.msg === 'request completed');
    expect(completed).toMatchObject({ reqId: 'balancer-0001' });
    app.log.info('between requests');
    expect(lines.at(-1)).not.toHaveProperty('reqId');
    await app.close();
  });
});
