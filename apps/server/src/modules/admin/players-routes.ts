import {
  adminAccess,
  pageQuerySchema,
  playerDetailSchema,
  playerPurchaseRowSchema,
  playerRedemptionRowSchema,
  playerRoundRowSchema,
  playerSearchQuerySchema,
  playerSearchRowSchema,
  playerTransferRowSchema,
  reasonRequestSchema,
  reasonSchema,
} from '@casino/contracts/admin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok, paged } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import type { AdminRouteModule } from './kit.js';
import { createPlayerActions } from './players-actions.js';
import { createPlayerQueries } from './players-queries.js';

const playerParams = z.object({ userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** The players desk: search, a player's page and its tables, restrict, block, end sessions. */
export const playersDesk: AdminRouteModule = (instance, ctx, kit) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const queries = createPlayerQueries(ctx.db, ctx.ledger, ctx.config);
  const actions = createPlayerActions(ctx, kit);
  const read = kit.requireRole(...adminAccess.playersRead);

  app.get(
    '/players',
    {
      preHandler: read,
      schema: {
        tags: ['admin'],
        summary: 'Finds players by id, username, e-mail or phone (part of a name or an e-mail, the start of a phone number)',
        querystring: playerSearchQuerySchema,
        response: { 200: envelope(paged(playerSearchRowSchema)) },
      },
    },
    async (request) => ok(await queries.search(request.query.q, request.query)),
  );

  app.get(
    '/players/:userId',
    {
      // The view is written to the audit trail.
      config: { changesState: true },
      preHandler: read,
      schema: {
        tags: ['admin'],
        summary:
          "A player's page: profile, KYC, restriction and block, responsible-play limits and exclusions, wallet, sessions (the view is audited)",
        params: playerParams,
        response: { 200: envelope(playerDetailSchema) },
      },
    },
    async (request) => {
      const detail = await queries.detail(request.params.userId);
      if (!detail) throw new AppError('NotFound', 'This player was not found.');
      // Who looked at whose personal data is part of the trail.
      await ctx.db.transaction((tx) =>
        kit.audit(tx, request, { action: 'player.view', targetType: 'player', targetId: String(request.params.userId) }),
      );
      return ok(detail);
    },
  );

  const table = <T extends z.ZodType>(
    path: string,
    summary: string,
    row: T,
    load: (userId: number, page: { page: number; limit: number }) => Promise<{ rows: z.infer<T>[]; count: number }>,
  ) =>
    app.get(
      `/players/:userId/${path}`,
      {
        preHandler: read,
        schema: { tags: ['admin'], summary, params: playerParams, querystring: pageQuerySchema, response: { 200: envelope(paged(row)) } },
      },
      async (request) => ok(await load(request.params.userId, request.query)),
    );
  table('transfers', "A player's ledger transfers, newest first", playerTransferRowSchema, (userId, page) =>
    queries.transfers(userId, page),
  );
  table('rounds', "A player's game rounds with outcome and balances, newest first", playerRoundRowSchema, (userId, page) =>
    queries.rounds(userId, page),
  );
  table('purchases', "A player's purchases (payment intents), newest first", playerPurchaseRowSchema, (userId, page) =>
    queries.purchases(userId, page),
  );
  table('redemptions', "A player's redemptions with their review flags, newest first", playerRedemptionRowSchema, (userId, page) =>
    queries.redemptions(userId, page),
  );

  app.put(
    '/players/:userId/restriction',
    {
      preHandler: kit.requireRole(...adminAccess.playerRestrict),
      schema: {
        tags: ['admin'],
        summary: "Restricts a player's redemptions (redeem answers 3079) or lifts it; a reason is required",
        params: playerParams,
        body: z.object({ restricted: z.boolean(), reason: reasonSchema }),
        response: { 200: envelope(z.object({ restricted: z.boolean() })) },
      },
    },
    async (request) => {
      const result = await actions.setRestricted(request, request.params.userId, request.body.restricted, request.body.reason);
      return ok(result, result.restricted ? 'Player restricted.' : 'Restriction lifted.');
    },
  );

  app.put(
    '/players/:userId/block',
    {
      preHandler: kit.requireRole(...adminAccess.playerBlock),
      schema: {
        tags: ['admin'],
        summary: 'Blocks a player (no sign-in; every session and socket ends) or lifts the block; a reason is required',
        params: playerParams,
        body: z.object({ blocked: z.boolean(), reason: reasonSchema }),
        response: { 200: envelope(z.object({ blocked: z.boolean(), sessionsEnded: z.number().int() })) },
      },
    },
    async (request) => {
      const result = await actions.setBlocked(request, request.params.userId, request.body.blocked, request.body.reason);
      return ok(result, result.blocked ? 'Player blocked.' : 'Block lifted.');
    },
  );

  app.post(
    '/players/:userId/end-sessions',
    {
      preHandler: kit.requireRole(...adminAccess.playerEndSessions),
      schema: {
        tags: ['admin'],
        summary: 'Ends every session and socket of a player; a reason is required',
        params: playerParams,
        body: reasonRequestSchema,
        response: { 200: envelope(z.object({ sessionsEnded: z.number().int() })) },
      },
    },
    async (request) => {
      const result = await actions.endSessions(request, request.params.userId, request.body.reason);
      return ok(result, `${result.sessionsEnded} session${result.sessionsEnded === 1 ? '' : 's'} ended.`);
    },
  );
};
