import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../http/error-handler.js';
import { createAccountDiscoveryBudget, type AccountDiscoveryLimits } from './account-discovery-budget.js';

/**
 * The global budget, with small limits on a bare app that counts where the server does: in
 * Redis when REDIS_URL is set (under a namespace of its own), else in the process. The budget of
 * one address, on the real routes, is proven in rate-limits.test.ts.
 */
const apps: FastifyInstance[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function budgetApp(limits: AccountDiscoveryLimits, familiarAddresses: string[] = []) {
  const app = Fastify();
  apps.push(app);
  registerErrorHandler(app);
  const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(fastifyRateLimit, { global: false, ...(redis ? { redis, nameSpace: `test-discovery-${randomUUID()}:` } : {}) });
  const warnings: Record<string, unknown>[] = [];
  const budget = createAccountDiscoveryBudget(app, { warn: (fields: Record<string, unknown>) => void warnings.push(fields) }, limits);
  app.post('/ask', async (request) => {
    await budget.spend(request, 'someone@players.test', async () => familiarAddresses.includes(request.ip));
    return { data: {} };
  });
  const ask = async (from: string) => {
    const answer = await app.inject({ method: 'POST', url: '/ask', remoteAddress: from, payload: {} });
    return {
      status: answer.statusCode,
      retryAfter: answer.headers['retry-after'],
      errorCode: answer.json<{ errors?: { errorCode: number }[] }>().errors?.[0]?.errorCode,
    };
  };
  return { ask, warnings };
}

let counter = 0;
function address(): string {
  counter += 1;
  return `198.18.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
}

describe('the global account discovery budget', () => {
  it('refuses everyone, with the wait, once addresses together spent it, and answers again after its window', async () => {
    const { ask, warnings } = await budgetApp({ perAddress: { max: 3, timeWindow: 60_000 }, global: { max: 5, timeWindow: 1_000 } });
    for (let index = 0; index < 5; index += 1) expect((await ask(address())).status).toBe(200);
    const refused = await ask(address());
    expect(refused).toMatchObject({ status: 429, errorCode: 3004, retryAfter: '1' });
    expect((await ask(address())).status).toBe(429);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).not.toContain('someone@players.test');

    await sleep(1_100);
    expect((await ask(address())).status).toBe(200);
  });

  it('is not spent by an address past its own budget', async () => {
    const { ask } = await budgetApp({ perAddress: { max: 3, timeWindow: 60_000 }, global: { max: 5, timeWindow: 60_000 } });
    const busy = address();
    const statuses: number[] = [];
    for (let index = 0; index < 10; index += 1) statuses.push((await ask(busy)).status);
    expect(statuses).toEqual([200, 200, 200, ...Array.from({ length: 7 }, () => 429)]);
    // Three spent by the busy address, two left for everyone else.
    expect((await ask(address())).status).toBe(200);
    expect((await ask(address())).status).toBe(200);
    expect((await ask(address())).status).toBe(429);
  });

  it('still answers a login from an address the account signed in from before', async () => {
    const home = address();
    const { ask } = await budgetApp({ perAddress: { max: 3, timeWindow: 60_000 }, global: { max: 2, timeWindow: 60_000 } }, [home]);
    expect((await ask(address())).status).toBe(200);
    expect((await ask(address())).status).toBe(200);
    expect((await ask(address())).status).toBe(429);
    expect((await ask(home)).status).toBe(200);
  });
});
