import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { signWebhook, type CardProcessor, type ProcessorWebhookEvent } from '../../providers/payments/card-processor.js';
import { finixTestClient, TEST_FINIX_WEBHOOK_SECRET, transferAnswer } from '../../providers/payments/finix-test-support.js';
import { signFinixWebhook } from '../../providers/payments/finix-webhook.js';
import { createSandboxFinix } from '../../providers/payments/sandbox-finix.js';
import type { FailedWebhookRecorder } from '../failed-webhooks/failed-webhooks.js';
import { paymentWebhookRoutes } from './routes.js';
import type { PaymentsService } from './service.js';

/**
 * POST /payment/finix/webhook with either processor: it hands the raw body and the request's
 * headers to the processor, which checks its own signature scheme (Finix's, or the sandbox's).
 */

/** A transfer event as Finix delivers it. */
function transferEvent(transfer: Record<string, unknown>, overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id: 'event_8Ygq5cYcmKcHRxx1ZSRRgd',
    type: 'updated',
    entity: 'transfer',
    _embedded: { transfers: [transfer] },
    ...overrides,
  });
}

describe('the webhook route with either scheme', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function routeWith(processor: CardProcessor) {
    const handled: ProcessorWebhookEvent[] = [];
    const payments = {
      handleWebhook: async (event: ProcessorWebhookEvent) => {
        handled.push(event);
        return { duplicate: false };
      },
    } as unknown as PaymentsService;
    const failedWebhooks: FailedWebhookRecorder = { deliver: (_provider, event, handle) => handle(event) };
    const made = Fastify();
    app = made;
    await made.register(paymentWebhookRoutes, { processor, payments, failedWebhooks, prefix: '/api/v1' });
    return { app: made, handled };
  }

  it("hands Finix's raw body and signature header to the client, whatever JSON content type Finix sends", async () => {
    const { client, agent } = finixTestClient();
    await agent.close();
    const { app: server, handled } = await routeWith(client);
    const body = transferEvent(transferAnswer());
    const now = Math.floor(Date.now() / 1000);
    for (const contentType of ['application/json', 'application/hal+json', 'application/json; charset=utf-8']) {
      const response = await server.inject({
        method: 'POST',
        url: '/api/v1/payment/finix/webhook',
        headers: { 'content-type': contentType, 'finix-signature': signFinixWebhook(TEST_FINIX_WEBHOOK_SECRET, body, now) },
        payload: body,
      });
      expect(response.statusCode).toBe(200);
    }
    expect(handled).toHaveLength(3);
    expect(handled[0]?.transfer).toMatchObject({ id: 'TRhw2BGAqyFZcrjTYXq4qTvY', merchantRefNum: 'LC-0001' });

    const forged = await server.inject({
      method: 'POST',
      url: '/api/v1/payment/finix/webhook',
      headers: { 'content-type': 'application/json', 'finix-signature': `timestamp=${now}, sig=${'0'.repeat(64)}` },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);

    // A genuine event about something else is acknowledged and applies nothing.
    const other = JSON.stringify({ id: 'event_2', type: 'created', entity: 'settlement', _embedded: { settlements: [{}] } });
    const acknowledged = await server.inject({
      method: 'POST',
      url: '/api/v1/payment/finix/webhook',
      headers: { 'content-type': 'application/json', 'finix-signature': signFinixWebhook(TEST_FINIX_WEBHOOK_SECRET, other, now) },
      payload: other,
    });
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json()).toEqual({ data: { received: true, duplicate: false } });
    expect(handled).toHaveLength(3);
  });

  it("keeps taking the sandbox's webhooks", async () => {
    const secret = 'sandbox-webhook-secret-0000000000000000000';
    const sandbox = createSandboxFinix({
      webhookSecret: secret,
      webhookUrl: () => 'http://127.0.0.1:9/',
      merchantDomain: () => 'localhost',
      log: { warn: () => {} },
    });
    const { app: server, handled } = await routeWith(sandbox);
    const body = JSON.stringify({
      id: 'EVsandbox',
      type: 'transfer.updated',
      entity: {
        id: 'TRsandbox',
        state: 'SUCCEEDED',
        amount: 999,
        currency: 'USD',
        tags: { merchantRefNum: 'LC-2' },
        failure_code: null,
        failure_message: null,
      },
    });
    const response = await server.inject({
      method: 'POST',
      url: '/api/v1/payment/finix/webhook',
      headers: { 'content-type': 'application/json', 'finix-signature': signWebhook(secret, body, Math.floor(Date.now() / 1000)) },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(handled[0]).toMatchObject({ eventId: 'EVsandbox', transfer: { id: 'TRsandbox', merchantRefNum: 'LC-2' } });
  });
});
