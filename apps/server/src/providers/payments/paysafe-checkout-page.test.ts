import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createPaysafeHostedCheckout } from './paysafe-checkout.js';
import { paysafeCheckoutPage } from './paysafe-checkout-page.js';

const SITE_POLICY = "default-src 'self'; frame-ancestors 'self'";

/** A server like ours: the site's policy set on every answer before the route runs (app.ts does it with helmet). */
async function server(environment: 'LIVE' | 'TEST') {
  const app = Fastify();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.raw.setHeader('content-security-policy', SITE_POLICY);
    done();
  });
  const checkout = createPaysafeHostedCheckout({
    environment,
    apiKey: { username: 'private-user', password: 'private-password' },
    publicApiKey: 'public-user:public-password',
    webhookHmacKey: null,
  });
  await app.register(paysafeCheckoutPage, { checkout, prefix: '/paysafe' });
  app.get('/elsewhere', async () => 'ok');
  return { app, checkout };
}

describe("the Paysafe checkout's page", () => {
  it('loads Paysafe Checkout for the environment with the public key, never the private one', async () => {
    const { app, checkout } = await server('TEST');
    const page = await app.inject({ method: 'GET', url: checkout.checkoutUrl({ merchantRefNum: 'LC-1', amount: 999, currency: 'USD' }) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script src="https://hosted.test.paysafe.com/checkout/v2/paysafe.checkout.min.js"></script>');
    expect(page.body).toContain(
      JSON.stringify({ apiKey: Buffer.from('public-user:public-password').toString('base64'), environment: 'TEST' }),
    );
    expect(page.body).not.toContain('private-');
    expect(page.body).not.toContain(Buffer.from('private-user:private-password').toString('base64'));
    const script = await app.inject({ method: 'GET', url: '/paysafe/checkout.js' });
    expect(script.body).toContain('paysafe.checkout.setup(');
    expect(script.body).toContain("type: 'paysafe:result'");
    expect(script.body).toContain("type: 'paysafe:close'");
    await app.close();
  });

  it("lets Paysafe's script, frames and calls into this page only", async () => {
    const { app } = await server('LIVE');
    const page = await app.inject({ method: 'GET', url: '/paysafe/checkout?ref=LC-1&amount=999&currency=USD' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://hosted.paysafe.com");
    expect(policy).toContain('frame-src https://*.paysafe.com');
    expect(policy).toContain("connect-src 'self' https://*.paysafe.com");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/elsewhere' })).headers['content-security-policy']).toBe(SITE_POLICY);
    await app.close();
  });
});
