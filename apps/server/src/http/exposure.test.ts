import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { walletCall } from '../rgs/test-support.js';
import { signedInClient } from '../test/signed-in.js';
import { testConfig, testServer } from '../test/harness.js';

/** What the server shows of itself: API documentation and the CSP. */
const production = {
  APP_ENV: 'production',
  PUBLIC_URL: 'https://casino.example',
  GAME_SERVER_SECRET: 'a-test-game-server-secret-of-forty-characters',
  ALLOW_SANDBOX: 'true',
};

const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function productionApp(overrides: Record<string, string> = {}): Promise<FastifyInstance> {
  const { database } = await testServer();
  const app = await buildApp({ config: testConfig({ ...production, ...overrides }), database });
  apps.push(app);
  return app;
}

describe('the API documentation', () => {
  it('is served outside production, with the seamless-wallet API', async () => {
    const { app } = await testServer();
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json<{ paths: object }>().paths)).toContain('/rgs/wallet/bet');
  });

  it('is not served in production', async () => {
    const app = await productionApp();
    expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
  });

  it('is served in production when API_DOCS=true', async () => {
    const app = await productionApp({ API_DOCS: 'true' });
    expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});

function directivesOf(policy: unknown): Map<string, string[]> {
  return new Map(
    String(policy)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('the content security policy', () => {
  it("lets pages connect to our own origin and to Google Pay's payment method manifests, nothing else", async () => {
    const app = await productionApp();
    const policy = directivesOf((await app.inject({ method: 'GET', url: '/api/v1/user/site-config' })).headers['content-security-policy']);
    // The Payment Request API fetches https://google.com/pay's manifest (redirected through
    // www.google.com) and Google Pay's own from pay.google.com, under connect-src.
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://google.com/pay', 'https://www.google.com/pay', 'https://pay.google.com']);
    // The card fields, the hosted checkout and 3-D Secure are pages of our own origin; Apple Pay's
    // merchant validation goes through our server. No wildcard anywhere.
    expect(policy.get('frame-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    for (const sources of policy.values()) {
      expect(sources.filter((source) => source === 'https:' || source === '*' || source.includes('*'))).toEqual([]);
    }
  });
});

describe('the seamless-wallet API without GAME_SERVER_SECRET', () => {
  it('refuses requests signed with the development secret the source used to hold (3405)', async () => {
    const player = await signedInClient('sec');
    const forged = await walletCall(
      'balance',
      { userId: player.userId, coin: 'GC' },
      { secret: 'development-only-game-server-secret-0123456789' },
    );
    expect(forged.status).toBe(401);
    expect(forged.body.errors?.[0]?.errorCode).toBe(3405);
    // The server's own secret still works.
    expect((await walletCall('balance', { userId: player.userId, coin: 'GC' })).status).toBe(200);
  });
});
