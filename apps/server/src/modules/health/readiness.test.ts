import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testServer } from '../../test/harness.js';
import { healthRoutes } from './routes.js';

/** A server whose Redis is gone is not ready: the balancer takes it out until Redis answers again. */
async function appWith(redis?: Redis) {
  const { database } = await testServer();
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(healthRoutes, { database, ...(redis ? { redis } : {}) });
  return app;
}

const clients: Redis[] = [];
afterAll(() => {
  for (const client of clients) client.disconnect();
});

describe('readiness', () => {
  it('answers 503 with the reason while Redis cannot be reached, and stays live', async () => {
    // Nothing listens on port 1: the client keeps trying to connect.
    const unreachable = new Redis('redis://127.0.0.1:1', { lazyConnect: false, maxRetriesPerRequest: 0, retryStrategy: () => 50 });
    unreachable.on('error', () => {});
    clients.push(unreachable);
    const app = await appWith(unreachable);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      errors: [expect.objectContaining({ errorCode: 3006, name: 'ServiceUnavailable', description: 'Redis is not reachable.' })],
    });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });

  it.skipIf(!process.env.REDIS_URL)('answers ready with the database and Redis when both answer', async () => {
    const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 2 });
    clients.push(redis);
    await new Promise((resolve) => redis.once('ready', resolve));
    const app = await appWith(redis);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', redis: 'ready' });
    await app.close();
  });

  it.skipIf(!process.env.REDIS_URL)('answers ready as soon as a client just created has connected', async () => {
    const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 2 });
    clients.push(redis);
    expect(redis.status).not.toBe('ready');
    const app = await appWith(redis);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    await app.close();
  });

  it('answers ready without Redis when none is configured', async () => {
    const app = await appWith();
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).not.toHaveProperty('redis');
    await app.close();
  });
});
