import { playerProfileSchema } from '@casino/contracts/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { envelope, ok } from '../../http/envelope.js';
import type { ProfileService } from './service.js';

export const profileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; profiles: ProfileService }> = async (app, { ctx, profiles }) => {
  app.get(
    '/user/profile',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['account'],
        summary: 'The signed-in player: account, wallet (userWallet) and bonus flags',
        response: { 200: envelope(playerProfileSchema) },
      },
    },
    async (request) => ok(await profiles.profileOf(request.user!.id)),
  );
};
