import { popupListSchema } from '@casino/contracts/popups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../http/envelope.js';
import type { SessionGuards } from '../../kernel/sessions/session-cookie.js';
import type { PopupService } from './service.js';

/** GET /details/popups (seed 000 section 7). */
export const popupRoutes: FastifyPluginAsyncZod<{ popups: PopupService; guards: SessionGuards }> = async (app, { popups, guards }) => {
  app.get(
    '/details/popups',
    {
      preHandler: guards.optionalUser,
      schema: {
        tags: ['popups'],
        summary: 'The active popups the caller may see, by group (lobby, promotion, store, reward, vip)',
        description:
          'Visibility 0: visitors only; 1: signed-in players only; 2: everyone. The first popup of a group that is not dismissed is shown.',
        response: { 200: envelope(popupListSchema) },
      },
    },
    async (request) => ok(await popups.list(request.user !== null)),
  );
};
