import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KycWebhookEvent } from '../../providers/kyc/kyc-provider.js';
import { createPersonaKyc, signPersonaWebhook } from '../../providers/kyc/persona-kyc.js';
import { kycWebhookRoutes } from './routes.js';
import type { KycService } from './service.js';

/**
 * POST /kyc/webhook with Persona's scheme: the route must hand the adapter the raw body exactly as
 * sent and the Persona-Signature header, whatever the body's size and JSON's charset parameter.
 */
const SECRET = 'wbhsec_route_test_secret_0123456789abcdef';
const handled: KycWebhookEvent[] = [];
const app = Fastify();

beforeAll(async () => {
  const provider = createPersonaKyc({
    apiKey: 'persona_sandbox_key',
    templateId: 'itmpl_ABC123',
    webhookSecret: SECRET,
    publicUrl: 'https://casino.example',
  });
  const kyc = {
    handleWebhook: async (event: KycWebhookEvent) => {
      handled.push(event);
      return { duplicate: false, applied: true };
    },
  } as unknown as KycService;
  await app.register(kycWebhookRoutes, { provider, kyc });
  await app.ready();
});
afterAll(() => app.close());

/** Persona's inquiry.approved event, with its included objects padded to `size` characters. */
function approvedEvent(id: string, size = 0): string {
  return JSON.stringify({
    data: {
      type: 'event',
      id,
      attributes: {
        name: 'inquiry.approved',
        payload: {
          data: { type: 'inquiry', id: 'inq_route1', attributes: { status: 'approved', 'name-first': 'Jane' } },
          included: [{ type: 'verification/government-id', id: 'ver_1', attributes: { 'front-photo-url': 'x'.repeat(size) } }],
        },
        'created-at': new Date().toISOString(),
      },
    },
  });
}

const post = (body: string, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/kyc/webhook', headers: { 'content-type': 'application/json', ...headers }, payload: body });

describe('POST /kyc/webhook with Persona', () => {
  it('passes the raw body and the Persona-Signature header through: a genuine event is applied', async () => {
    // Spacing and key order a parser would not keep: the signature covers these exact bytes.
    const body = approvedEvent('evt_route_1').replace('{"data":', '{ "data" :');
    const response = await post(body, {
      'content-type': 'application/json; charset=utf-8',
      'Persona-Signature': signPersonaWebhook(SECRET, body, Math.floor(Date.now() / 1000)),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { received: true, duplicate: false, applied: true } });
    expect(handled).toContainEqual({ eventId: 'evt_route_1', sessionId: 'inq_route1', status: 'complete' });
  });

  it('takes an event carrying a large inquiry (its verifications included)', async () => {
    const body = approvedEvent('evt_route_2', 300_000);
    const response = await post(body, { 'persona-signature': signPersonaWebhook(SECRET, body, Math.floor(Date.now() / 1000)) });
    expect(response.statusCode).toBe(200);
    expect(handled.map((event) => event.eventId)).toContain('evt_route_2');
  });

  it('refuses a forged or stale one with 401 and applies nothing', async () => {
    const body = approvedEvent('evt_route_3');
    const now = Math.floor(Date.now() / 1000);
    const forged = await post(body, { 'persona-signature': signPersonaWebhook('wbhsec_someone_else', body, now) });
    const stale = await post(body, { 'persona-signature': signPersonaWebhook(SECRET, body, now - 3600) });
    const unsigned = await post(body, {});
    for (const response of [forged, stale, unsigned]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0].errorCode).toBe(3740);
    }
    expect(handled.map((event) => event.eventId)).not.toContain('evt_route_3');
  });

  it('acknowledges a genuine event about something else without applying it', async () => {
    const body = JSON.stringify({
      data: {
        type: 'event',
        id: 'evt_route_4',
        attributes: { name: 'account.created', payload: { data: { type: 'account', id: 'act_1' } } },
      },
    });
    const response = await post(body, { 'persona-signature': signPersonaWebhook(SECRET, body, Math.floor(Date.now() / 1000)) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { received: true, duplicate: false, applied: false } });
    expect(handled.map((event) => event.eventId)).not.toContain('evt_route_4');
  });
});
