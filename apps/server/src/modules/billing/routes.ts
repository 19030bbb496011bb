import { billingProfileUpdateSchema, cityListItemSchema, PROFILE_UPDATED_MESSAGE, stateListItemSchema } from '@casino/contracts/billing';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { envelope, ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { usCities, usStates } from './us-places.js';

const billingFieldsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  addressLine_1: z.string(),
  addressLine_2: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zipCode: z.string(),
});

/**
 * The billing-details step (issue 11 point 2): US states and cities, and PUT /user/profile as the
 * billing-details form sends it (skipCheck true). The account form's own PUT (without skipCheck)
 * belongs to the profile feature and is not served here.
 */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
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

  app.put(
    '/user/profile',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['billing'],
        summary: 'Saves the billing details of the purchase step (skipCheck true)',
        description:
          'The seed-exact messages of the billing-details form; state is a state_id of GET /details/state and city one of its cities. Answers the saved fields with "Profile updated successfully.".',
        body: billingProfileUpdateSchema,
        response: { 200: envelope(billingFieldsSchema) },
      },
    },
    async (request) => {
      const body = request.body;
      const cities = await usCities(Number(body.state));
      if (!cities)
        throw new AppError('RequestInputValidation', 'State is required', {
          issues: [{ field: 'body.state', message: 'State is required' }],
        });
      if (!cities.some((city) => city.name === body.city)) {
        throw new AppError('RequestInputValidation', 'City is required', { issues: [{ field: 'body.city', message: 'City is required' }] });
      }
      const fields = {
        firstName: body.firstName,
        lastName: body.lastName,
        dateOfBirth: body.dateOfBirth,
        addressLine_1: body.addressLine_1,
        addressLine_2: body.addressLine_2,
        city: body.city,
        state: body.state,
        country: body.country,
        zipCode: body.zipCode,
      };
      await ctx.db
        .update(users)
        .set({
          firstName: fields.firstName,
          lastName: fields.lastName,
          dateOfBirth: fields.dateOfBirth,
          addressLine1: fields.addressLine_1,
          addressLine2: fields.addressLine_2,
          city: fields.city,
          state: fields.state,
          country: fields.country,
          zipCode: fields.zipCode,
          updatedAt: new Date(),
        })
        .where(eq(users.id, request.user!.id));
      return ok(fields, PROFILE_UPDATED_MESSAGE);
    },
  );
};
