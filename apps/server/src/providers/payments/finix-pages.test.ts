import vm from 'node:vm';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { afterEach, describe, expect, it } from 'vitest';
import { cardFormPolicy, FINIX_CARD_FORM_PATH, FINIX_JS_URL, finixCardFormPages } from './finix-pages.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The pages behind the site's own policy, set on every answer as app.ts does. */
async function server(environment: 'sandbox' | 'live' = 'sandbox') {
  const made = Fastify();
  app = made;
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'"], frameSrc: ["'self'"] } },
  });
  made.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  made.get('/elsewhere', async () => 'ok');
  await made.register(finixCardFormPages({ environment, applicationId: 'APgPDQrLD52TYvqazjHJJchM' }));
  return made;
}

describe("Finix's card-field page", () => {
  it("loads Finix.js from Finix's address with our application, and allows Finix's script and frames on this page only", async () => {
    const pages = await server();
    const page = await pages.inject({ method: 'GET', url: `${FINIX_CARD_FORM_PATH}?ref=LC-1` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(`<script src="${FINIX_JS_URL}"></script>`);
    expect(FINIX_JS_URL).toBe('https://js.finix.com/v/2/finix.js');
    expect(page.body).toContain('data-environment="sandbox" data-application="APgPDQrLD52TYvqazjHJJchM"');
    expect(page.headers['content-security-policy']).toBe(cardFormPolicy('sandbox'));
    expect(page.headers['content-security-policy']).toContain("script-src 'self' https://js.finix.com");
    expect(page.headers['content-security-policy']).toContain('frame-src https://js.finix.com');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");

    const elsewhere = await pages.inject({ method: 'GET', url: '/elsewhere' });
    expect(elsewhere.headers['content-security-policy']).not.toContain('finix.com');
    expect(elsewhere.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it("names Finix.js's prod environment and the live API for a live site", async () => {
    const pages = await server('live');
    const page = await pages.inject({ method: 'GET', url: FINIX_CARD_FORM_PATH });
    expect(page.body).toContain('data-environment="prod"');
    expect(page.headers['content-security-policy']).toContain('https://finix.live-payments-api.com');
  });

  it('hands the token to the purchase dialog as the sandbox page does, at our origin only', async () => {
    const pages = await server();
    const page = await pages.inject({ method: 'GET', url: FINIX_CARD_FORM_PATH });
    const script = await pages.inject({ method: 'GET', url: `${FINIX_CARD_FORM_PATH}.js` });
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(page.body)![1]!;

    const origin = 'https://casino.example';
    const posted: Array<{ message: unknown; target: string }> = [];
    const parent = { postMessage: (message: unknown, target: string) => posted.push({ message, target }) };
    let onMessage: ((event: unknown) => void) | undefined;
    let submit: ((error: unknown, response: unknown) => void) | undefined;
    let created: unknown[] = [];
    const error = { textContent: '' };
    const window = {
      location: { origin },
      parent,
      addEventListener: (type: string, listener: (event: unknown) => void) => {
        if (type === 'message') onMessage = listener;
      },
      Finix: {
        PaymentForm: (...args: unknown[]) => {
          created = args;
          return { submit: (callback: (error: unknown, response: unknown) => void) => (submit = callback) };
        },
      },
    };
    const cardForm = { getAttribute: (name: string) => attribute(name) };
    const document = { getElementById: (id: string) => (id === 'card-form' ? cardForm : error), body: { setAttribute: () => {} } };
    vm.runInNewContext(script.body, { window, document });

    expect(created.slice(0, 3)).toEqual(['card-form', 'sandbox', 'APgPDQrLD52TYvqazjHJJchM']);
    expect(created[3]).toMatchObject({ paymentMethods: ['card'] });
    // Another origin cannot make it submit.
    onMessage!({ origin: 'https://attacker.example', source: parent, data: { type: 'finix:tokenize' } });
    expect(submit).toBeUndefined();
    onMessage!({ origin, source: parent, data: { type: 'finix:tokenize' } });
    submit!(null, { data: { id: 'TKeD6uad8xZc52Rqg1VhvSBw', instrument_type: 'PAYMENT_CARD' } });
    expect(posted).toEqual([{ message: { type: 'finix:token', token: 'TKeD6uad8xZc52Rqg1VhvSBw' }, target: origin }]);

    submit!({ code: 'validation' }, null);
    expect(posted[1]).toEqual({ message: { type: 'finix:error', message: 'Please check your card details.' }, target: origin });
    expect(error.textContent).toBe('Please check your card details.');
  });
});
