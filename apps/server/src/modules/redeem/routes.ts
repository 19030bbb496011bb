import {
  bankDetailsRequestSchema,
  cancelRedeemRequestSchema,
  cardPayoutRequestSchema,
  cancelRedeemResponseSchema,
  fundingSourceSchema,
  fundingSourcesResponseSchema,
  paynoteRedeemRequestSchema,
  redeemRequestSchema,
  redeemResponseSchema,
  redeemTexts,
  updateFundingSourceRequestSchema,
  redeemIdempotencyHeaders,
} from '@casino/contracts/redeem';
import type { FastifyPluginAsync } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { envelope, ok } from '../../http/envelope.js';
import { AppError, errorBody } from '../../http/errors.js';
import { PayoutWebhookSignatureError, type PayoutProvider } from '../../providers/payouts/payout-provider.js';
import type { SandboxPaynote } from '../../providers/payouts/sandbox-paynote.js';
import type { RedeemService } from './service.js';
import type { FailedWebhookRecorder } from '../failed-webhooks/failed-webhooks.js';

/** The redeem and funding-source calls of seed 001 section 7. */
export const redeemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; redeem: RedeemService }> = async (app, { ctx, redeem }) => {
  const user = { preHandler: ctx.guards.requireUser };
  // A redemption is play-adjacent money movement: refused without a passing location check.
  const located = { preHandler: [ctx.guards.requireUser, ctx.location.requirePass] };

  app.get(
    '/payment/get-funding-source',
    {
      ...user,
      schema: {
        tags: ['redeem'],
        summary: "The player's linked bank accounts (bank, last digits, Active flag) and the bank-link widget",
        response: { 200: envelope(fundingSourcesResponseSchema) },
      },
    },
    async (request) => ok(await redeem.fundingSources(request.user!.id)),
  );

  app.post(
    '/payment/update-funding-source',
    {
      ...user,
      schema: {
        tags: ['redeem'],
        summary: 'Makes one of the player’s bank accounts the Active one (userId, when sent, must be the player)',
        body: updateFundingSourceRequestSchema,
        response: { 200: envelope(z.object({ success: z.boolean() })) },
      },
    },
    async (request) => {
      // The seed's client also sends its userId: only the player's own accounts can be chosen.
      if (request.body.userId !== undefined && request.body.userId !== request.user!.id) throw new AppError('FundingSourceNotFound');
      await redeem.setActiveFundingSource(request.user!.id, request.body.sourceId);
      return ok({ success: true });
    },
  );

  // The seed's client sends the bank details as multipart/form-data (seed 001 section 7); the
  // fields become the body, checked by the same schema as a JSON body. No file is taken here.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      attachFieldsToBody: 'keyValues',
      limits: { files: 0, fields: 5, parts: 5, fieldSize: 1024 },
    });
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/payment/bank-details',
      {
        ...user,
        schema: {
          tags: ['redeem'],
          summary: 'Links the bank account the widget returned (its reference; the account number never comes here)',
          description: `JSON or multipart/form-data (field accountReference). 3708 '${redeemTexts.bankSaveFailed}' when the provider does not know the reference or it belongs to another player.`,
          consumes: ['application/json', 'multipart/form-data'],
          body: bankDetailsRequestSchema,
          response: { 200: envelope(fundingSourceSchema) },
        },
      },
      async (request) => ok(await redeem.linkBank(request.user!.id, request.body.accountReference), redeemTexts.bankSaved),
    );
  });

  app.post(
    '/payment/paynote',
    {
      ...located,
      schema: {
        tags: ['redeem'],
        summary: 'Requests a redemption paid to the Active bank account',
        description:
          'KYC approved or complete (3700), not restricted (3079), amount between minRedeemableCoins (3701) and maxRedeemableCoins (3702), redeemable SC only (3703), an Active bank account (3704). Over the daily cap (UTC day): success false with the remaining amount.',
        headers: redeemIdempotencyHeaders,
        body: paynoteRedeemRequestSchema,
        response: { 200: envelope(redeemResponseSchema) },
      },
    },
    async (request) => {
      const result = await redeem.request(request.user!.id, {
        amount: request.body.amount,
        destination: { type: 'BANK' },
        requestKey: request.headers['idempotency-key'],
      });
      return ok(result, result.limitCheck.message ?? undefined);
    },
  );

  app.post(
    '/payment/finix/create-instrument-payout',
    {
      ...located,
      schema: {
        tags: ['redeem'],
        summary:
          'Requests a redemption paid to a card the player bought with (push-to-card): the saved card paymentInformationId, or the latest',
        description:
          'The rules of POST /payment/paynote (3700, 3079, 3701, 3702, 3703, 3711, the daily cap); 404 (3605) without such a saved card. packageId is accepted and not used (a payout buys no package). After the review window the card processor pays the card at once: status 1, or 3 with the coins back to redeemable.',
        headers: redeemIdempotencyHeaders,
        body: cardPayoutRequestSchema,
        response: { 200: envelope(redeemResponseSchema) },
      },
    },
    async (request) => {
      const { amount, paymentInformationId } = request.body;
      const result = await redeem.request(request.user!.id, {
        amount,
        destination: paymentInformationId === undefined ? { type: 'CARD' } : { type: 'CARD', paymentInformationId },
        requestKey: request.headers['idempotency-key'],
      });
      return ok(result, result.limitCheck.message ?? undefined);
    },
  );

  app.post(
    '/payment/redeem-request',
    {
      ...located,
      schema: {
        tags: ['redeem'],
        summary: 'Requests a redemption: to the e-wallet e-mail when actionableEmail is sent, else to the Active bank account',
        headers: redeemIdempotencyHeaders,
        body: redeemRequestSchema,
        response: { 200: envelope(redeemResponseSchema) },
      },
    },
    async (request) => {
      const { amount, actionableEmail } = request.body;
      const result = await redeem.request(request.user!.id, {
        amount,
        destination: actionableEmail ? { type: 'EWALLET', email: actionableEmail } : { type: 'BANK' },
        requestKey: request.headers['idempotency-key'],
      });
      return ok(result, result.limitCheck.message ?? undefined);
    },
  );

  app.put(
    '/payment/redeem-request',
    {
      ...user,
      schema: {
        tags: ['redeem'],
        summary: 'Cancels a pending (status 0) redemption: the SC go back to redeemable',
        description: "3705 when the player has no such redemption (another player's included); 3706 once it left status 0.",
        body: cancelRedeemRequestSchema,
        response: { 200: envelope(cancelRedeemResponseSchema) },
      },
    },
    async (request) => {
      await redeem.cancel(request.user!.id, request.body.withdrawRequestId);
      return ok({ success: true, withdrawRequestId: request.body.withdrawRequestId }, redeemTexts.cancelled);
    },
  );
};

/** POST /payment/paynote/webhook: the payout provider's signed notifications (raw body for the HMAC). */
export const payoutWebhookRoutes: FastifyPluginAsync<{
  provider: PayoutProvider;
  redeem: RedeemService;
  failedWebhooks: FailedWebhookRecorder;
}> = async (app, { provider, redeem, failedWebhooks }) => {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
  app.post(
    '/payment/paynote/webhook',
    { schema: { tags: ['redeem'], summary: 'Payout provider webhook (HMAC-signed)' } },
    async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      let event;
      try {
        event = provider.verifyWebhook(request.headers, raw);
      } catch (error) {
        if (error instanceof PayoutWebhookSignatureError) {
          request.log.warn({ reason: error.message }, 'refused a payout webhook');
          return reply.status(401).send(errorBody('PayoutWebhookSignatureInvalid'));
        }
        throw error;
      }
      // Verified: a failure to apply it is kept for the money desk and answered 503 (3842) for a retry.
      const result = await failedWebhooks.deliver('PAYNOTE', event, (verified) => redeem.handleWebhook(verified));
      return ok({ received: true, duplicate: result.duplicate });
    },
  );
};

/** Sandbox-only: the payout webhooks the sandbox sent (docs/ARCHITECTURE.md 'Vendors behind adapters'). */
export const devPaynoteRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxPaynote }> = async (app, { sandbox }) => {
  app.get(
    '/dev/paynote/webhooks',
    {
      schema: {
        tags: ['dev'],
        summary: 'Sandbox payout provider: webhooks sent',
        querystring: z.object({ payoutId: z.string().optional() }),
      },
    },
    async (request) => {
      const rows = sandbox.webhooks(request.query.payoutId);
      return ok({ rows, count: rows.length });
    },
  );
};
