import { adminAccess, reasonRequestSchema } from '@casino/contracts/admin';
import {
  balanceAdjustmentRequestSchema,
  balanceAdjustmentResponseSchema,
  failedWebhookQuerySchema,
  failedWebhookRowSchema,
  purchaseQueueQuerySchema,
  purchaseQueueRowSchema,
  purchaseReversalRequestSchema,
  purchaseReversalResponseSchema,
  reconciliationOverviewSchema,
  reconciliationRunSchema,
  redemptionDecisionResponseSchema,
  redemptionQueueQuerySchema,
  redemptionQueueRowSchema,
  refusedWinQuerySchema,
  refusedWinRowSchema,
  webhookReplayResponseSchema,
} from '@casino/contracts/admin-money';
import { fromHundredths } from '@casino/contracts/money';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok, paged } from '../../http/envelope.js';
import { auditedWebhook, type WebhookReplay } from '../failed-webhooks/replay.js';
import type { PaymentsService } from '../payments/service.js';
import type { RedeemService, RedemptionRow } from '../redeem/service.js';
import type { AdminRouteModule } from './kit.js';
import { createBalanceAdjustment } from './money-adjustment.js';
import { createMoneyQueries } from './money-queries.js';
import type { Reconciliation } from '../reconciliation/reconciliation.js';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const auditedRedemption = (row: RedemptionRow) => ({
  status: row.status,
  amount: fromHundredths(row.amount),
  userId: row.userId,
  failureReason: row.failureReason,
});

/**
 * The money desks: the manual adjustment on a player's page, the
 * redemption queue (approve, reject with refund, AML flags), purchases with their processor
 * events (and a paid one recorded as refunded or charged back), reconciliation, failed provider
 * webhooks to replay, and wins refused for being above their game's limit. Built with the redeem service
 * (its decisions run its own transitions), the reconciliation (also run by the daily job) and the
 * webhook replay (it runs the providers' own handlers).
 */
export function createMoneyDesk(deps: {
  redeem: RedeemService;
  payments: Pick<PaymentsService, 'reversePurchase'>;
  reconciliation: Reconciliation;
  webhooks: WebhookReplay;
}): AdminRouteModule {
  return (instance, ctx, kit) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const queries = createMoneyQueries(ctx.db);
    const adjust = createBalanceAdjustment(ctx, kit);
    const read = kit.requireRole(...adminAccess.moneyRead);
    const decide = kit.requireRole(...adminAccess.redemptionDecide);

    app.post(
      '/players/:userId/adjustments',
      {
        preHandler: kit.requireRole(...adminAccess.balanceAdjust),
        schema: {
          tags: ['admin'],
          summary:
            "Adjusts one of a player's coin accounts by a signed amount (a balanced ledger transfer from the house's adjustments account); a reason and an idempotency key are required",
          params: z.object({ userId: id }),
          body: balanceAdjustmentRequestSchema,
          response: { 200: envelope(balanceAdjustmentResponseSchema) },
        },
      },
      async (request) => {
        const result = await adjust(request, request.params.userId, request.body);
        return ok(result, result.replayed ? 'This adjustment was already made.' : 'Balance adjusted.');
      },
    );

    app.get(
      '/redemptions',
      {
        preHandler: read,
        schema: {
          tags: ['admin'],
          summary: 'The redemption queue by status (pending review by default, oldest first) with each redemption’s AML flags',
          querystring: redemptionQueueQuerySchema,
          response: { 200: envelope(paged(redemptionQueueRowSchema)) },
        },
      },
      async (request) => ok(await queries.redemptions(request.query.status, request.query)),
    );

    const decision = (path: 'approve' | 'reject', summary: string) =>
      app.post(
        `/redemptions/:redemptionId/${path}`,
        {
          preHandler: decide,
          schema: {
            tags: ['admin'],
            summary,
            params: z.object({ redemptionId: id }),
            body: reasonRequestSchema,
            response: { 200: envelope(redemptionDecisionResponseSchema) },
          },
        },
        async (request) => {
          const row = await deps.redeem.decide(request.params.redemptionId, path, (tx, before, after) =>
            kit.audit(tx, request, {
              action: path === 'approve' ? 'redemption.approve' : 'redemption.reject',
              targetType: 'redemption',
              targetId: String(before.id),
              before: auditedRedemption(before),
              after: auditedRedemption(after),
              reason: request.body.reason,
            }),
          );
          return ok(
            { redemptionId: row.id, status: row.status },
            path === 'approve' ? 'Redemption approved: sent to the payout provider.' : 'Redemption rejected: the coins are back.',
          );
        },
      );
    decision('approve', 'Approves a redemption waiting for review: it is handed to the payout provider now; a reason is required');
    decision(
      'reject',
      "Rejects a redemption waiting for review: its SC goes back to the player's redeemable balance (status failed); a reason is required",
    );

    app.get(
      '/purchases',
      {
        preHandler: read,
        schema: {
          tags: ['admin'],
          summary: "Purchases (payment intents), newest first, with the processor's webhook events and payment alerts of each",
          querystring: purchaseQueueQuerySchema,
          response: { 200: envelope(paged(purchaseQueueRowSchema)) },
        },
      },
      async (request) => ok(await queries.purchases(request.query, request.query)),
    );

    app.get(
      '/money/refused-wins',
      {
        preHandler: read,
        schema: {
          tags: ['admin'],
          summary:
            "Wins the wallet refused for being above their game's maximum (its max win multiplier times the round's bets), newest first: player, game, round, bet, win and the limit; nothing of them was paid",
          querystring: refusedWinQuerySchema,
          response: { 200: envelope(paged(refusedWinRowSchema)) },
        },
      },
      async (request) => ok(await queries.refusedWins(request.query)),
    );

    app.post(
      '/purchases/:purchaseId/reversal',
      {
        preHandler: kit.requireRole(...adminAccess.purchaseReverse),
        schema: {
          tags: ['admin'],
          summary:
            'Records a paid purchase as refunded or charged back (status 10): its coins, and the referral reward it earned, are taken back once, never below zero; a reason is required; 3861 for a purchase that is not paid',
          params: z.object({ purchaseId: id }),
          body: purchaseReversalRequestSchema,
          response: { 200: envelope(purchaseReversalResponseSchema) },
        },
      },
      async (request) => {
        const { kind, reason } = request.body;
        const result = await deps.payments.reversePurchase(request.params.purchaseId, kind, (tx, before, after) =>
          kit.audit(tx, request, {
            action: 'purchase.reverse',
            targetType: 'purchase',
            targetId: String(before.id),
            before: { status: before.status, userId: before.userId },
            after: { status: after.status, kind },
            reason,
          }),
        );
        const coins = (amounts: { gc: number; sc: number }) => ({ gc: fromHundredths(amounts.gc), sc: fromHundredths(amounts.sc) });
        return ok(
          {
            purchaseId: result.intent.id,
            status: result.intent.status,
            kind: result.intent.reversalKind ?? kind,
            replayed: result.replayed,
            takenBack: coins(result.takenBack),
            notTakenBack: coins(result.notTakenBack),
          },
          result.replayed
            ? 'This purchase was already recorded as reversed: nothing moved this time.'
            : 'Purchase reversed: its coins are taken back.',
        );
      },
    );

    const webhooks = kit.requireRole(...adminAccess.webhooksReplay);
    app.get(
      '/money/webhooks',
      {
        preHandler: webhooks,
        schema: {
          tags: ['admin'],
          summary:
            'Verified processor and payout-provider webhooks whose handling failed, newest first, by status (failed by default): error, attempts, first and last seen',
          querystring: failedWebhookQuerySchema,
          response: { 200: envelope(paged(failedWebhookRowSchema)) },
        },
      },
      async (request) => ok(await deps.webhooks.list(request.query.status, request.query)),
    );

    app.post(
      '/money/webhooks/:webhookId/replay',
      {
        preHandler: webhooks,
        schema: {
          tags: ['admin'],
          summary:
            "Runs the provider's handler again on a failed webhook's kept event: applied once (replayed), or it stays failed with the new error (3844); 3843 when it was replayed or resolved meanwhile or is being replayed; a reason is required",
          params: z.object({ webhookId: id }),
          body: reasonRequestSchema,
          response: { 200: envelope(webhookReplayResponseSchema) },
        },
      },
      async (request) => {
        const result = await deps.webhooks.replay(request.params.webhookId, kit.operatorOf(request).operatorId, (tx, entry) =>
          kit.audit(tx, request, {
            action: entry.action,
            targetType: 'webhook',
            targetId: String(entry.before.id),
            before: auditedWebhook(entry.before),
            after: auditedWebhook(entry.after),
            reason: request.body.reason,
          }),
        );
        return ok(
          result,
          result.duplicate ? 'Replayed: the event had already been applied, nothing moved this time.' : 'Replayed: the event is applied.',
        );
      },
    );

    app.get(
      '/reconciliation',
      {
        preHandler: read,
        schema: {
          tags: ['admin'],
          summary: 'The latest reconciliation run with the rows that broke each check, and the latest money alerts',
          response: { 200: envelope(reconciliationOverviewSchema) },
        },
      },
      async () => ok(await deps.reconciliation.overview()),
    );

    app.post(
      '/reconciliation/runs',
      {
        preHandler: read,
        schema: {
          tags: ['admin'],
          summary: 'Runs the reconciliation now (as the daily job does); a mismatch raises an alert',
          response: { 200: envelope(reconciliationRunSchema) },
        },
      },
      async (request) => {
        const run = await deps.reconciliation.run('operator', kit.operatorOf(request).operatorId);
        await ctx.db.transaction((tx) =>
          kit.audit(tx, request, {
            action: 'reconciliation.run',
            targetType: 'reconciliation',
            targetId: String(run.runId),
            after: { mismatchCount: run.mismatchCount },
          }),
        );
        return ok(run, run.clean ? 'Reconciliation is clean.' : `Reconciliation found ${run.mismatchCount} mismatches.`);
      },
    );
  };
}
