import { mailInRequestListSchema, mailInRequestSchema, mailInRulesSchema } from '@casino/contracts/mail-in';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { envelope, ok } from '../../http/envelope.js';
import type { MailInService } from './service.js';

/** The player's mail-in entry page (/mail-in-entry): the rules for everyone, the codes for the signed-in player. */
export const mailInRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; mailIn: MailInService }> = async (app, { ctx, mailIn }) => {
  app.get(
    '/mail-in/rules',
    {
      schema: {
        tags: ['mail-in'],
        summary:
          'The mail-in entry rules: the SC a valid card credits, the cap and its period, the postmark window, the postal address and card format',
        response: { 200: envelope(mailInRulesSchema) },
      },
    },
    async () => ok(await mailIn.rules()),
  );

  app.get(
    '/mail-in/requests',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['mail-in'],
        summary: "The player's own request codes, newest first, each open, credited (with its SC) or refused (with the reason)",
        response: { 200: envelope(mailInRequestListSchema) },
      },
    },
    async (request) => {
      const rows = await mailIn.requests(request.user!.id);
      return ok({ rows, count: rows.length });
    },
  );

  app.post(
    '/mail-in/requests',
    {
      preHandler: ctx.guards.requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags: ['mail-in'],
        summary: 'A new single-use request code for a mail-in card; 3870 while the player has an open one',
        response: { 200: envelope(mailInRequestSchema) },
      },
    },
    async (request) => ok(await mailIn.requestCode(request.user!.id), 'Your request code is ready. Write it on your card.'),
  );
};
