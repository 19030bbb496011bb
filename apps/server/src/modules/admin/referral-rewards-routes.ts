import { adminAccess } from '@casino/contracts/admin';
import {
  referralRewardDecisionRequestSchema,
  referralRewardDecisionResponseSchema,
  referralRewardPageSchema,
  referralRewardQuerySchema,
} from '@casino/contracts/admin-referrals';
import { fromHundredths } from '@casino/contracts/money';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.js';
import type { ReferralRow } from '../promotions/referral-rewards.js';
import type { PromotionsService } from '../promotions/service.js';
import type { AdminRouteModule } from './kit.js';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const audited = (row: ReferralRow) => ({
  status: row.status,
  referrerUserId: row.referrerUserId,
  holdReasons: row.holdReasons,
  gc: fromHundredths(row.rewardGc ?? 0),
  sc: fromHundredths(row.rewardSc ?? 0),
  transferId: row.rewardTransferId,
});

/**
 * The referral rewards desk (docs/decisions/056): rewards held because the
 * friend looks like the referrer or the referrer reached the day's cap, and what became of the
 * others; approve (paid once) or reject, with a reason, in the audit trail. The decisions run the
 * promotions module's own transitions (modules/promotions/referral-rewards.ts).
 */
export function createReferralRewardsDesk(
  promotions: Pick<PromotionsService, 'referralRewards' | 'referralRewardQueue'>,
): AdminRouteModule {
  return (instance, _ctx, kit) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/referral-rewards',
      {
        preHandler: kit.requireRole(...adminAccess.referralRewardsRead),
        schema: {
          tags: ['admin'],
          summary:
            'Referral rewards by status: held for review (oldest first, with the reasons) by default, or paid, rejected, reversed (newest first); paged by the cursor of the page before',
          querystring: referralRewardQuerySchema,
          response: { 200: envelope(referralRewardPageSchema) },
        },
      },
      async (request) => ok(await promotions.referralRewardQueue(request.query)),
    );

    const decision = (path: 'approve' | 'reject', summary: string) =>
      app.post(
        `/referral-rewards/:referredUserId/${path}`,
        {
          preHandler: kit.requireRole(...adminAccess.referralRewardDecide),
          schema: {
            tags: ['admin'],
            summary,
            params: z.object({ referredUserId: id }),
            body: referralRewardDecisionRequestSchema,
            response: { 200: envelope(referralRewardDecisionResponseSchema) },
          },
        },
        async (request) => {
          const operator = kit.operatorOf(request);
          const result = await promotions.referralRewards.decide(
            request.params.referredUserId,
            path,
            { operatorId: operator.operatorId, reason: request.body.reason },
            (tx, before, after) =>
              kit.audit(tx, request, {
                action: path === 'approve' ? 'referral_reward.approve' : 'referral_reward.reject',
                targetType: 'referral',
                targetId: String(before.referredUserId),
                before: audited(before),
                after: audited(after),
                reason: request.body.reason,
              }),
          );
          const message = result.replayed
            ? `This reward was already ${result.status}: nothing changed.`
            : path === 'approve'
              ? 'Reward approved: the referrer is paid.'
              : 'Reward rejected: nothing is paid.';
          return ok(result, message);
        },
      );
    decision(
      'approve',
      'Approves a held referral reward: the referrer is paid it now (once); a reason is required; 3860 when it was decided or taken back meanwhile',
    );
    decision(
      'reject',
      'Rejects a held referral reward: nothing is paid; a reason is required; 3860 when it was decided or taken back meanwhile',
    );
  };
}
