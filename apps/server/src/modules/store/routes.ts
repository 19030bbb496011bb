import { packageListSchema, packagesQuerySchema } from '@casino/contracts/store';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../http/envelope.js';
import type { SessionGuards } from '../auth/session-cookie.js';
import type { StoreService } from './service.js';

/** GET /details/packages (seed 001 section 7): the store's packages, page 1 limit 20 by default. */
export const storeRoutes: FastifyPluginAsyncZod<{ store: StoreService; guards: SessionGuards }> = async (app, { store, guards }) => {
  app.get(
    '/details/packages',
    {
      preHandler: guards.optionalUser,
      schema: {
        tags: ['store'],
        summary: 'Coin packages on sale, in store order',
        description:
          'Every field of seed 001 Package. Amounts in dollars; gcCoin and scCoin in coins. Ended offers (validTill) are left out. For a signed-in player whose first-purchase bonus is unclaimed, gcCoin and scCoin of the packages it applies to (firstPurchaseApplicable) are raised by its percentage: what that purchase credits.',
        querystring: packagesQuerySchema,
        response: { 200: envelope(packageListSchema) },
      },
    },
    async (request) => ok(await store.list({ ...request.query, userId: request.user?.id })),
  );
};
