import { allBonusesSchema, BONUS_REDEEMED_MESSAGE, bonusClaimSchema, dailyBonusSchema, welcomeBonusSchema } from '@casino/contracts/bonus';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { envelope, ok } from '../../http/envelope.js';
import type { BonusService } from './service.js';

const DAY_BOUNDARY = "The daily bonus resets at 00:00 UTC: one claim per player per UTC calendar day, whatever the player's time zone.";

/** Welcome and daily bonus (seed 000 section 7 'The calls'); amounts are decimals with two places. */
export const bonusRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; bonuses: BonusService }> = async (app, { ctx, bonuses }) => {
  app.get(
    '/bonus/welcome-bonus',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['bonus'],
        summary: 'The welcome bonus: amounts, whether it is active, claimed, and allowed for this player',
        description: 'Allowed means the bonus is active, the player has verified their e-mail and has not claimed it yet.',
        response: { 200: envelope(welcomeBonusSchema) },
      },
    },
    async (request) => ok(await bonuses.welcome(request.user!.id)),
  );

  app.post(
    '/bonus/welcome-bonus',
    {
      preHandler: [ctx.guards.requireUser, ctx.location.requirePass],
      schema: {
        tags: ['bonus'],
        summary: 'Claims the welcome bonus once: GC to GC, SC to bonus SC (bsc)',
        description:
          'Refused with 3120 when already claimed, 3121 when the bonus is switched off, 3122 when the e-mail is not verified. Simultaneous claims credit once.',
        response: { 200: envelope(bonusClaimSchema) },
      },
    },
    async (request) => ok(await bonuses.claimWelcome(request.user!.id), BONUS_REDEEMED_MESSAGE),
  );

  app.get(
    '/bonus/daily-bonus',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['bonus'],
        summary: 'The daily bonus: amounts, isActive, whether claimed today, and when the next one opens',
        description: DAY_BOUNDARY,
        response: { 200: envelope(dailyBonusSchema) },
      },
    },
    async (request) => ok(await bonuses.daily(request.user!.id)),
  );

  app.post(
    '/bonus/daily-bonus',
    {
      preHandler: [ctx.guards.requireUser, ctx.location.requirePass],
      schema: {
        tags: ['bonus'],
        summary: "Claims today's daily bonus: GC to GC, SC to bonus SC (bsc)",
        description: `${DAY_BOUNDARY} Refused with 3120 when already claimed today, 3121 when the bonus is switched off, 3122 when the e-mail is not verified. Simultaneous claims credit once.`,
        response: { 200: envelope(bonusClaimSchema) },
      },
    },
    async (request) => ok(await bonuses.claimDaily(request.user!.id), BONUS_REDEEMED_MESSAGE),
  );

  app.get(
    '/bonus/get-all-bonus',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['bonus'],
        summary: "Every bonus with its amounts and this player's state",
        description: DAY_BOUNDARY,
        response: { 200: envelope(allBonusesSchema) },
      },
    },
    async (request) => ok(await bonuses.all(request.user!.id)),
  );
};
