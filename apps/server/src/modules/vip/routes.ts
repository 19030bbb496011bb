import { vipTiersResponseSchema } from '@casino/contracts/vip';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { envelope, ok } from '../../http/envelope.js';
import type { VipService } from './service.js';

/** GET rewards/vip-tier (seed 000 section 7): the tiers, with which this player has reached. */
export const vipRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; vip: VipService }> = async (app, { ctx, vip }) => {
  app.get(
    '/rewards/vip-tier',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['vip'],
        summary: 'The seven VIP tiers with their thresholds, rewards, rakeback and boost, and which this player has reached',
        description:
          "A tier is reached by SC played OR GC purchased; reaching it credits its bonus GC and SC once. Rakeback: the tier's share of each UTC day's SC net loss, credited the next day.",
        response: { 200: envelope(vipTiersResponseSchema) },
      },
    },
    async (request) => ok(await vip.tiers(request.user!.id)),
  );
};
