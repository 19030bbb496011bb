import { initKycResponseSchema, kycLabelsResponseSchema, kycSettingsResponseSchema } from '@casino/contracts/kyc';
import { SSN_MESSAGES, ssnOnFileSchema, updateSsnRequestSchema } from '@casino/contracts/ssn';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { envelope, ok } from '../../http/envelope.js';
import { errorBody } from '../../http/errors.js';
import { KycWebhookSignatureError, type KycProvider } from '../../providers/kyc/kyc-provider.js';
import type { SandboxKyc } from '../../providers/kyc/sandbox-kyc.js';
import type { KycService } from './service.js';
import type { SsnService } from './ssn-service.js';

/** Seed 001 section 7: GET /kyc/init-kyc, /kyc/get-labels, /kyc/get-kyc-setting and POST /kyc/update-ssn. */
export const kycRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; kyc: KycService; ssn: SsnService }> = async (app, { ctx, kyc, ssn }) => {
  app.get(
    '/kyc/init-kyc',
    {
      // It opens a session with the vendor and records it.
      config: { changesState: true },
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['kyc'],
        summary: "The link to the KYC vendor's hosted verification page",
        description:
          'Opens a verification session (or answers the open one). 3072 when already verified, 3073 while in progress, 3738 without a verified phone, 3739 when no KYC vendor is configured.',
        response: { 200: envelope(initKycResponseSchema) },
      },
    },
    async (request) => ok(await kyc.initKyc(request.user!.id)),
  );

  app.get(
    '/kyc/get-labels',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['kyc'],
        summary: 'The KYC status table: the button and message of each status (seed 001 section 4)',
        response: { 200: envelope(kycLabelsResponseSchema) },
      },
    },
    async () => ok(kyc.labels()),
  );

  app.get(
    '/kyc/get-kyc-setting',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['kyc'],
        summary: 'Whether KYC is available, and the phone one-time code rules',
        response: { 200: envelope(kycSettingsResponseSchema) },
      },
    },
    async () => ok(kyc.settings()),
  );

  app.post(
    '/kyc/update-ssn',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['kyc'],
        summary:
          "Saves the player's social security number (9 digits), asked for before a redemption that reaches the yearly prize reporting threshold",
        description:
          'Kept sealed; only the last four digits are ever answered (docs/decisions/059). A new number replaces the one on file. 400 (3000) unless 9 digits (dashes and spaces allowed).',
        body: updateSsnRequestSchema,
        response: { 200: envelope(ssnOnFileSchema) },
      },
    },
    async (request) => ok(await ssn.update(request.user!.id, request.body.ssn), SSN_MESSAGES.saved),
  );
};

/**
 * POST /kyc/webhook: the KYC vendor's signed notifications. The signature is an HMAC of the raw
 * body, so this plugin reads the body as text before parsing it, and hands the vendor's adapter
 * the headers as they came (the sandbox's kyc-signature, Persona's Persona-Signature). A genuine
 * event about no session is acknowledged and changes nothing. Persona's events carry the whole
 * inquiry with its verifications, hence the limit of 1 MiB.
 */
export const kycWebhookRoutes: FastifyPluginAsync<{ provider: KycProvider; kyc: KycService }> = async (app, { provider, kyc }) => {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
  app.post('/kyc/webhook', { schema: { tags: ['kyc'], summary: 'KYC vendor webhook (HMAC-signed)' } }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    let event;
    try {
      event = provider.verifyWebhook(request.headers, raw);
    } catch (error) {
      if (error instanceof KycWebhookSignatureError) {
        request.log.warn({ reason: error.message }, 'refused a KYC webhook');
        return reply.status(401).send(errorBody('KycWebhookSignatureInvalid'));
      }
      throw error;
    }
    if (!event) return ok({ received: true, duplicate: false, applied: false });
    return ok({ received: true, ...(await kyc.handleWebhook(event)) });
  });
};

/** Sandbox-only: the webhooks the sandbox KYC vendor sent (docs/ARCHITECTURE.md 'Vendors behind adapters'). */
export const devKycRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxKyc }> = async (app, { sandbox }) => {
  app.get(
    '/dev/kyc/webhooks',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Sandbox KYC vendor: webhooks sent (body and signature), optionally for one session',
        querystring: z.object({ sessionId: z.string().optional() }),
      },
    },
    async (request) => {
      const rows = sandbox.webhooks(request.query.sessionId);
      return ok({ rows, count: rows.length });
    },
  );
};
