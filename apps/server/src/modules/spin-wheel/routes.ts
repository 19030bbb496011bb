import { spinWheelListSchema, spinWheelResultSchema } from '@casino/contracts/spin-wheel';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { envelope, ok } from '../../http/envelope.js';
import type { SpinWheelService } from './service.js';

/** The spin wheel calls of seed 000 section 7. */
export const spinWheelRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; spinWheel: SpinWheelService }> = async (app, { ctx, spinWheel }) => {
  app.get(
    '/spinWheelConfiguration/getList',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['spin wheel'],
        summary: "The wheel's segments (index, GC and SC prizes, jackpot flag) and this player's cooldown",
        response: { 200: envelope(spinWheelListSchema) },
      },
    },
    async (request) => ok(await spinWheel.list(request.user!.id)),
  );

  app.get(
    '/spinWheelConfiguration/updateWallet',
    {
      // A spin credits coins: refused cross-site, and the location gate applies as to bonus claims.
      config: { changesState: true },
      preHandler: [ctx.guards.requireUser, ctx.location.requirePass],
      schema: {
        tags: ['spin wheel'],
        summary: 'Spins the wheel: draws a segment by weight, credits its GC and bonus SC, answers the index the wheel stops on',
        description:
          'One spin per player per 24 hours (3770 until then); simultaneous spins credit once. 3771 when the wheel has no segments. GET, as the seed calls it: it is not cacheable (no-store), and a request from another site is refused with 3010.',
        response: { 200: envelope(spinWheelResultSchema) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(await spinWheel.spin(request.user!.id));
    },
  );
};
