import {
  applePaySessionRequestSchema,
  applePaySessionResponseSchema,
  createInstrumentRequestSchema,
  createInstrumentResponseSchema,
  initPayRequestSchema,
  initPayResponseSchema,
  paymentStatusQuerySchema,
  paysafeCompleteRequestSchema,
  paysafeCompleteResponseSchema,
  paymentStatusSchema,
  removeSavedCardRequestSchema,
  savedCardSchema,
  shift4SaleRequestSchema,
  paymentAssetsSchema,
} from '@casino/contracts/store';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { envelope, ok } from '../../http/envelope.js';
import { AppError, errorBody } from '../../http/errors.js';
import { WebhookSignatureError, type CardProcessor } from '../../providers/payments/card-processor.js';
import type { PaysafeHostedCheckout } from '../../providers/payments/paysafe-checkout.js';
import type { SandboxFinix } from '../../providers/payments/sandbox-finix.js';
import { clickIdsFromCookies } from '../ad-conversions/service.js';
import type { FailedWebhookRecorder } from '../failed-webhooks/failed-webhooks.js';
import type { PaymentsService } from './service.js';
import type { RedeemService } from '../redeem/service.js';
import { initPayRedeemRequestSchema, redeemIdempotencyHeaders, redeemResponseSchema } from '@casino/contracts/redeem';
import { createTransactionSources, listTransactions, transactionRowSchema, transactionsQuerySchema } from './transactions.js';

/** The payment calls of seed 001 section 7 (card purchase path). */
export const paymentRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  payments: PaymentsService;
  /** paymentType 'redeem' (the e-wallet redeem form) goes to redemption; its payout methods are listed in the assets. */
  redeem?: Pick<RedeemService, 'request' | 'payoutMethods'>;
}> = async (app, { ctx, payments, redeem }) => {
  const transactionSources = createTransactionSources(ctx.db, ctx.ledger);
  app.post(
    '/payment/init-pay',
    {
      preHandler: [ctx.guards.requireUser, ctx.location.requirePass],
      schema: {
        tags: ['payments'],
        summary: 'Creates the payment intent of a package purchase, or (paymentType redeem) an e-wallet redemption',
        description:
          'The amount must be the package price (3601 otherwise). Answers paymentData.merchantRefNum (the reference of every later call) and the processor card-field page. 503 (3607) when no card processor is configured. paymentType redeem: actionableEmail, amount, checkbox, currency; answers the redemption (see POST /payment/redeem-request).',
        headers: redeemIdempotencyHeaders,
        body: z.discriminatedUnion('paymentType', [initPayRequestSchema, initPayRedeemRequestSchema]),
        response: { 200: envelope(z.union([initPayResponseSchema, redeemResponseSchema])) },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.paymentType === 'redeem') {
        if (!redeem) throw new AppError('PayoutProviderUnavailable');
        const result = await redeem.request(request.user!.id, {
          amount: body.amount,
          destination: { type: 'EWALLET', email: body.actionableEmail },
          requestKey: request.headers['idempotency-key'],
        });
        return ok(result, result.limitCheck.message ?? undefined);
      }
      return ok(await payments.initPay(request.user!.id, body, clickIdsFromCookies(request.cookies)));
    },
  );

  app.post(
    '/payment/finix/create-instrument',
    {
      preHandler: [ctx.guards.requireUser, ctx.location.requirePass],
      schema: {
        tags: ['payments'],
        summary: 'Charges the intent with a tokenised card or a saved card',
        description:
          'state SUCCEEDED: paid and credited; FAILED: declined or failed (message); PENDING: open threeDSecureUrl, then poll GET /payment/status. Card numbers are never accepted here, only the processor token.',
        body: createInstrumentRequestSchema,
        response: { 200: envelope(createInstrumentResponseSchema) },
      },
    },
    async (request) => ok(await payments.createInstrument(request.user!.id, request.body)),
  );

  app.get(
    '/payment/assets',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'What this site can offer now: the card brands accepted, the purchase methods and the payout methods, by provider',
        description: 'A provider that is not configured on this site is not listed (no purchase or payout would be possible through it).',
        response: { 200: envelope(paymentAssetsSchema) },
      },
    },
    async () => ok({ ...payments.purchaseAssets(), redeem: redeem?.payoutMethods() ?? [] }),
  );

  app.post(
    '/payment/shift4/sale',
    {
      preHandler: [ctx.guards.requireUser, ctx.location.requirePass],
      schema: {
        tags: ['payments'],
        summary: 'Charges an init-pay intent (providerType SHIFT4) with the TrueToken of the Shift4 card page',
        description:
          'state SUCCEEDED: paid and credited; FAILED: declined (message). 3601 when amount or packageId is not the intent’s, 3603 when the intent was already charged, 3604 for an unknown or used token, 3751 over a deposit limit, 3607 when no gateway is configured. Card numbers are never accepted here, only the token.',
        body: shift4SaleRequestSchema,
        response: { 200: envelope(createInstrumentResponseSchema) },
      },
    },
    async (request) => {
      const result = await payments.shift4Sale(request.user!.id, request.body);
      return ok(result, result.message ?? undefined);
    },
  );

  app.post(
    '/payment/finix/apple-pay-session',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Apple Pay merchant validation: answers the merchant session for the Apple Pay sheet',
        description:
          "validation_url is the one Apple's sheet gave (onvalidatemerchant); domain must be this site's. The session goes to completeMerchantValidation; the payment token then goes to create-instrument with type APPLE_PAY. 400 (3622) for another URL or domain.",
        body: applePaySessionRequestSchema,
        response: { 200: envelope(applePaySessionResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await payments.applePaySession({
          validationUrl: request.body.validation_url,
          domain: request.body.domain,
          displayName: request.body.display_name,
        }),
      ),
  );

  app.post(
    '/payment/paysafe',
    {
      preHandler: [ctx.guards.requireUser, ctx.location.requirePass],
      schema: {
        tags: ['payments'],
        summary: 'Completes a hosted-checkout payment: charges its payment handle server to server',
        description:
          'The handle is charged with the hosted checkout (the verified result) and applied once; a replayed handle answers the first result. A null token (a redirect) only answers the status.',
        body: paysafeCompleteRequestSchema,
        response: { 200: envelope(paysafeCompleteResponseSchema) },
      },
    },
    async (request) => {
      const result = await payments.completeHostedCheckout(request.user!.id, request.body);
      return ok(result, result.message);
    },
  );

  app.get(
    '/payment/status',
    {
      // An open payment is settled from the processor's answer, which may credit its coins.
      config: { changesState: true },
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['payments'],
        summary: "A payment's status number (seed 001 section 4) and message, checked with the processor while open",
        querystring: paymentStatusQuerySchema,
        response: { 200: envelope(paymentStatusSchema) },
      },
    },
    async (request) => ok(await payments.status(request.user!.id, request.query.paymentReference)),
  );

  app.get(
    '/payment/transactions',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['payments'],
        summary: "The player's transactions: deposits (with status numbers), bonuses or redemptions, newest first",
        description:
          'actionType deposit, redeem or bonus (default deposit); startDate and endDate are UTC days, both inclusive; page size 10 by default.',
        querystring: transactionsQuerySchema,
        response: { 200: envelope(z.object({ rows: z.array(transactionRowSchema), count: z.number().int() })) },
      },
    },
    async (request) => ok(await listTransactions(transactionSources, request.user!.id, request.query)),
  );

  app.get(
    '/payment/finix/saved-cards',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['payments'],
        summary: "The player's saved cards: brand and last four digits",
        response: { 200: envelope(z.object({ rows: z.array(savedCardSchema), count: z.number().int() })) },
      },
    },
    async (request) => {
      const rows = await payments.savedCards(request.user!.id);
      return ok({ rows, count: rows.length });
    },
  );

  app.put(
    '/payment/finix/remove-saved-card',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Removes a saved card',
        body: removeSavedCardRequestSchema,
        response: { 200: envelope(z.object({ success: z.boolean() })) },
      },
    },
    async (request) => {
      await payments.removeSavedCard(request.user!.id, request.body.paymentInformationId);
      return ok({ success: true }, 'Card removed successfully.');
    },
  );
};

/**
 * POST /payment/finix/webhook: the processor's signed notifications. The signature is an HMAC
 * of the raw body, so this plugin reads the body as text before parsing it; the processor reads
 * its signature header from the request's headers (the sandbox's and Finix's differ).
 */
export const paymentWebhookRoutes: FastifyPluginAsync<{
  processor: CardProcessor;
  payments: PaymentsService;
  failedWebhooks: FailedWebhookRecorder;
}> = async (app, { processor, payments, failedWebhooks }) => {
  // JSON, and its flavours (Finix's API speaks application/hal+json), is kept as text for the signature.
  const asText = (_request: unknown, body: string | Buffer, done: (error: null, body: string | Buffer) => void) => done(null, body);
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, asText);
  app.addContentTypeParser(/^application\/[\w.-]+\+json/, { parseAs: 'string', bodyLimit: 64 * 1024 }, asText);
  app.post(
    '/payment/finix/webhook',
    { schema: { tags: ['payments'], summary: 'Processor webhook (HMAC-signed)' } },
    async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      let event;
      try {
        event = processor.verifyWebhook(request.headers, raw);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ reason: error.message }, 'refused a processor webhook');
          return reply.status(401).send(errorBody('PaymentWebhookSignatureInvalid'));
        }
        throw error;
      }
      // Genuine but not about a purchase (another event, a payout's transfer): acknowledged, nothing applied.
      if (event === null) return ok({ received: true, duplicate: false });
      // Verified: a failure to apply it is kept for the money desk and answered 503 (3842) for a retry.
      const { duplicate } = await failedWebhooks.deliver('FINIX', event, (verified) => payments.handleWebhook(verified));
      return ok({ received: true, duplicate });
    },
  );
};

/**
 * POST /payment/paysafe/webhook: the hosted checkout's signed notifications (Paysafe's HMAC of the
 * raw body, paysafe-webhooks.ts). A payment's event settles its purchase as the card processor's
 * do, once per event; a failure to apply it is kept for the money desk (provider PAYSAFE).
 */
export const paysafeWebhookRoutes: FastifyPluginAsync<{
  checkout: PaysafeHostedCheckout;
  payments: PaymentsService;
  failedWebhooks: FailedWebhookRecorder;
}> = async (app, { checkout, payments, failedWebhooks }) => {
  const asText = (_request: unknown, body: string | Buffer, done: (error: null, body: string | Buffer) => void) => done(null, body);
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, asText);
  app.post(
    '/payment/paysafe/webhook',
    { schema: { tags: ['payments'], summary: 'Hosted checkout webhook (HMAC-signed)' } },
    async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      let event;
      try {
        event = checkout.verifyWebhook(request.headers, raw);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ reason: error.message }, 'refused a hosted checkout webhook');
          return reply.status(401).send(errorBody('PaymentWebhookSignatureInvalid'));
        }
        throw error;
      }
      // Genuine but not a payment's (a handle's, a refund's): acknowledged, nothing applied.
      if (event.transfer === null) return ok({ received: true, duplicate: false });
      const verified = { eventId: event.eventId, transfer: event.transfer };
      const { duplicate } = await failedWebhooks.deliver('PAYSAFE', verified, (kept) => payments.handleWebhook(kept, 'PAYSAFE'));
      return ok({ received: true, duplicate });
    },
  );
};

/** Sandbox-only: the webhooks the sandbox processor sent (docs/ARCHITECTURE.md 'Vendors behind adapters'). */
export const devFinixRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxFinix }> = async (app, { sandbox }) => {
  app.get(
    '/dev/finix/webhooks',
    {
      schema: {
        tags: ['dev'],
        summary: 'Sandbox processor: webhooks sent (body and signature), optionally for one merchantRefNum',
        querystring: z.object({ merchantRefNum: z.string().optional() }),
      },
    },
    async (request) => {
      const rows = sandbox.webhooks(request.query.merchantRefNum);
      return ok({ rows, count: rows.length });
    },
  );
};
