import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig, testServer } from '../../test/harness.js';
import { FINIX_3DS_RETURN_PATH } from './finix-3ds-return-page.js';
import { FINIX_CARD_FORM_PATH } from './finix-pages.js';
import { TEST_FINIX_SETTINGS, TEST_FINIX_WEBHOOK_SECRET } from './finix-test-support.js';

/**
 * The whole server with Finix configured, over the shared test database: Finix's card page under
 * its own policy, the webhook route on Finix's scheme, and none of the sandbox processor's pages.
 * No request reaches Finix here.
 */
let app: FastifyInstance;

beforeAll(async () => {
  const { database } = await testServer();
  const config = testConfig({
    FINIX_API_USERNAME: TEST_FINIX_SETTINGS.username,
    FINIX_API_PASSWORD: TEST_FINIX_SETTINGS.password,
    FINIX_MERCHANT_ID: TEST_FINIX_SETTINGS.merchantId,
    FINIX_APPLICATION_ID: TEST_FINIX_SETTINGS.applicationId,
    FINIX_WEBHOOK_SECRET: TEST_FINIX_WEBHOOK_SECRET,
  });
  app = await buildApp({ config, database, background: false });
});

afterAll(async () => {
  await app.close();
});

describe('the server with Finix', () => {
  it("serves Finix's card page with Finix allowed there only", async () => {
    const page = await app.inject({ method: 'GET', url: `${FINIX_CARD_FORM_PATH}?ref=LC-1` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self' https://js.finix.com");
    expect(page.headers['content-security-policy']).toContain('frame-src https://js.finix.com');
    const api = await app.inject({ method: 'GET', url: '/api/v1/user/site-config' });
    expect(api.headers['content-security-policy']).not.toContain('js.finix.com');
  });

  it("serves the page Finix returns the buyer to after 3-D Secure, under the site's policy", async () => {
    const page = await app.inject({ method: 'GET', url: FINIX_3DS_RETURN_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect((await app.inject({ method: 'GET', url: `${FINIX_3DS_RETURN_PATH}.js` })).statusCode).toBe(200);
  });

  it("serves none of the sandbox processor's pages or dev routes", async () => {
    expect((await app.inject({ method: 'GET', url: '/sandbox/finix/card-form' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/sandbox/finix/v1/tokens', payload: {} })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/v1/dev/finix/webhooks' })).statusCode).toBe(404);
  });

  it("checks webhooks with Finix's scheme", async () => {
    const body = JSON.stringify({ id: 'event_1', type: 'updated', entity: 'merchant', _embedded: { merchants: [{}] } });
    const forged = await app.inject({
      method: 'POST',
      url: '/api/v1/payment/finix/webhook',
      headers: {
        'content-type': 'application/json',
        'finix-signature': `timestamp=${Math.floor(Date.now() / 1000)}, sig=${'0'.repeat(64)}`,
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
  });
});
