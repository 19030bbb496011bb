import { cityListItemSchema, stateListItemSchema } from '@casino/contracts/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { usCities, usStates } from './us-places.js';

/**
 * The billing-details step: US states and cities. PUT /user/profile, which the
 * billing-details form sends with skipCheck true, is the account module's one profile-update path.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/details/state',
    {
      schema: {
        tags: ['billing'],
        summary: 'US states (and DC) for the billing-details form',
        response: { 200: envelope(z.object({ rows: z.array(stateListItemSchema), count: z.number().int() })) },
      },
    },
    async () => {
      const rows = (await usStates()).map(({ state_id, name, stateCode }) => ({ state_id, name, stateCode }));
      return ok({ rows, count: rows.length });
    },
  );

  app.get(
    '/details/city',
    {
      schema: {
        tags: ['billing'],
        summary: 'The cities of a US state (stateId: a state_id of GET /details/state)',
        querystring: z.object({ stateId: z.coerce.number().int().positive() }),
        response: { 200: envelope(z.object({ rows: z.array(cityListItemSchema), count: z.number().int() })) },
      },
    },
    async (request) => {
      const rows = await usCities(request.query.stateId);
      if (!rows) throw new AppError('NotFound', 'This state was not found.');
      return ok({ rows, count: rows.length });
    },
  );
};
