import {
  SEED_SELF_EXCLUSION_PERIOD,
  gamblingHistoryResponseSchema,
  limitKinds,
  removeResponsibleSettingRequestSchema,
  responsibleGamblingSettingRequestSchema,
  responsibleGamblingSettingResponseSchema,
  type TimeBreakDays,
} from '@casino/contracts/responsible-play';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { envelope, ok } from '../../http/envelope.js';
import { clearSessionCookie } from '../../kernel/sessions/session-cookie.js';
import type { LimitsInput, ResponsiblePlayService } from './service.js';

/** A wrong password costs an argon2 verification: a handful of tries a minute is plenty. */
const PASSWORD_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

const PERIODS =
  'Periods are calendar periods in UTC: the day from 00:00 UTC, the week from Monday 00:00 UTC, the month from its 1st 00:00 UTC.';

/** Responsible play (seed 001 section 7). */
export const responsiblePlayRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; responsiblePlay: ResponsiblePlayService }> = async (
  app,
  { ctx, responsiblePlay },
) => {
  app.get(
    '/responsible-gambling/gambling-history',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: ['responsible-play'],
        summary: "The player's limits (amount, createdAt, a waiting raise or removal) and what was bet and purchased per period",
        description: PERIODS,
        response: { 200: envelope(gamblingHistoryResponseSchema) },
      },
    },
    async (request) => ok(await responsiblePlay.history(request.user!.id)),
  );

  app.post(
    '/responsible-gambling/responsible-gambling-setting',
    {
      preHandler: ctx.guards.requireUser,
      config: { rateLimit: PASSWORD_RATE_LIMIT },
      schema: {
        tags: ['responsible-play'],
        summary: 'Sets limits, or takes a time break, or self-excludes (password base64)',
        description: `A new or lower limit applies at once; a raise waits 24 hours. A time break (1, 3, 7, 14 or 30 days) or a self-exclusion (SIX_MONTHS, ONE_YEAR, FIVE_YEARS, INDEFINITE) ends every session and socket of the player at once. ${PERIODS}`,
        body: responsibleGamblingSettingRequestSchema,
        response: { 200: envelope(responsibleGamblingSettingResponseSchema) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const userId = request.user!.id;
      let result;
      if (body.selfExclusion === 'yes' || body.timeBreakDays !== undefined) {
        result =
          body.selfExclusion === 'yes'
            ? await responsiblePlay.exclude(userId, body.password, {
                kind: 'self_exclusion',
                period: body.selfExclusionPeriod ?? SEED_SELF_EXCLUSION_PERIOD,
              })
            : await responsiblePlay.exclude(userId, body.password, { kind: 'time_break', days: body.timeBreakDays as TimeBreakDays });
        // The exclusion ended this session with the others: the browser drops its cookie, so its
        // later requests are a visitor's, not a 3082 that would ask the player to log in again.
        clearSessionCookie(reply, ctx.config);
      } else {
        const limits: LimitsInput = {};
        for (const kind of limitKinds) if (body[kind] !== undefined) limits[kind] = body[kind];
        result = await responsiblePlay.setLimits(userId, body.password, limits);
      }
      return ok(result, result.message);
    },
  );

  app.put(
    '/responsible-gambling/remove-responsible-setting',
    {
      preHandler: ctx.guards.requireUser,
      config: { rateLimit: PASSWORD_RATE_LIMIT },
      schema: {
        tags: ['responsible-play'],
        summary: 'Removes a limit 24 hours from now (password base64)',
        body: removeResponsibleSettingRequestSchema,
        response: { 200: envelope(z.object({ message: z.string() })) },
      },
    },
    async (request) => {
      const result = await responsiblePlay.removeLimit(request.user!.id, request.body.password, request.body.limitType);
      return ok(result, result.message);
    },
  );
};
