import { describe, expect, it } from 'vitest';
import { newClient } from '../test/api.js';
import { testServer } from '../test/harness.js';

/**
 * Safe methods skipped the origin check, so a GET that writes (the seed's spin, among others) ran
 * for a foreign page's link or image. A GET route that changes state says so in its route config
 * (`changesState`), and is refused cross-site like a POST.
 */
type ErrorAnswer = { errors?: { errorCode: number }[] };

const CROSS_SITE: [string, Record<string, string | undefined>][] = [
  ['a foreign Origin', { origin: 'https://evil.example' }],
  ['a foreign Referer and no Origin', { origin: undefined, referer: 'https://evil.example/page' }],
  ['an Origin that is not a URL', { origin: 'null' }],
  ['Sec-Fetch-Site: cross-site and no Origin', { origin: undefined, 'sec-fetch-site': 'cross-site' }],
];

describe('GET routes that change state', async () => {
  const { app } = await testServer();
  const routes = app.stateChangingGets.map((route) => `${route.method} ${route.url}`);

  it('are the GETs that write: the spin, e-mail verification, a location decision, a KYC session, a payment check, an audited player view', () => {
    expect([...routes].sort()).toEqual(
      [
        'GET /api/admin/players/:userId',
        'GET /api/v1/details/decrypt-geocomply-data',
        'GET /api/v1/kyc/init-kyc',
        'GET /api/v1/payment/status',
        'GET /api/v1/spinWheelConfiguration/updateWallet',
        'GET /api/v1/user/verifyEmail',
      ].sort(),
    );
  });

  describe.each(app.stateChangingGets.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', (_name, route) => {
    const path = route.url.replace(/:(\w+)/g, '1');

    it.each(CROSS_SITE)('is refused with 403 and 3010 for %s', async (_case, headers) => {
      const client = await newClient();
      for (const method of ['GET', 'HEAD']) {
        const answer = await client.request<ErrorAnswer>(method, path, { headers });
        expect(answer.status).toBe(403);
        if (method === 'GET') expect(answer.body.errors?.[0]?.errorCode).toBe(3010);
      }
    });

    it('reaches its route from the same site', async () => {
      const client = await newClient();
      for (const headers of [{}, { origin: undefined, 'sec-fetch-site': 'same-origin' }, { origin: undefined }]) {
        const answer = await client.request<ErrorAnswer>('GET', path, { headers });
        expect(answer.body.errors?.[0]?.errorCode).not.toBe(3010);
      }
    });
  });
});

describe('state-changing methods', () => {
  it('refuse a POST whose only sign of another site is its Referer', async () => {
    const client = await newClient();
    const answer = await client.request<ErrorAnswer>('POST', 'user/logout', {
      headers: { origin: undefined, referer: 'https://evil.example/' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.errors?.[0]?.errorCode).toBe(3010);
  });

  it("let a POST through with the casino's own Referer", async () => {
    const client = await newClient();
    const { baseUrl } = await testServer();
    const answer = await client.request('POST', 'user/logout', { headers: { origin: undefined, referer: `${baseUrl}/lobby` } });
    expect(answer.status).toBe(200);
  });
});
