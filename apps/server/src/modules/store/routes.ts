import { packageListSchema, packagesQuerySchema } from '@casino/contracts/store';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../http/envelope.js';
import type { StoreService } from './service.js';

/** GET /details/packages (seed 001 section 7): the store's packages, page 1 limit 20 by default. */
export const storeRoutes: FastifyPluginAsyncZod<{ store: StoreService }> = async (app, { store }) => {
  app.get(
    '/details/packages',
    {
      schema: {
        tags: ['store'],
        summary: 'Coin packages on sale, in store order',
        description:
          'Every field of seed 001 Package. Amounts in dollars; gcCoin and scCoin in coins. Ended offers (validTill) are left out.',
        querystring: packagesQuerySchema,
        response: { 200: envelope(packageListSchema) },
      },
    },
    async (request) => ok(await store.list(request.query)),
  );
};
