import { referralDetailsSchema } from '@casino/contracts/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { envelope, ok } from '../../http/envelope.js';
import type { PromotionsService } from './service.js';

/** The refer-a-friend page's data. */
export const promotionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; promotions: PromotionsService }> = async (
  app,
  { ctx, promotions },
) => {
  app.get(
    '/referral/details',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['promotions'],
        summary: "The player's referral link, the reward per friend, and the friends who joined with it",
        description:
          "A friend who signs up with the link (register?referralcode=…) is linked to this player; this player's reward (GC and bonus SC) is credited once, when that friend's first purchase is credited.",
        response: { 200: envelope(referralDetailsSchema) },
      },
    },
    async (request) => ok(await promotions.referralDetails(request.user!.id)),
  );
};
