import { offerListSchema, packageListSchema, packagesQuerySchema } from '@casino/contracts/store';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../http/envelope.js';
import type { SessionGuards } from '../../kernel/sessions/session-cookie.js';
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

  app.get(
    '/details/offers',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['store'],
        summary: 'The flash-sale offers the signed-in player can buy now, with when each ends (decision 011)',
        description:
          'A welcome offer (welcomePurchaseBonusApplicable) is listed only within welcomePurchaseBonusApplicableMinutes since the player registered; a one-time offer (oneTimePurchaseBonusApplicable) until validTill. Either is listed until the player buys it, then never again. offerEndsAt is when it ends for this player (null: no end). Offers are not in GET /details/packages.',
        response: { 200: envelope(offerListSchema) },
      },
    },
    async (request) => ok(await store.offers(request.user!.id)),
  );
};
