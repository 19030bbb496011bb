import {
  betHistoryPageSchema,
  betHistoryQuerySchema,
  favoriteBodySchema,
  favoriteResultSchema,
  gamesListQuerySchema,
  gamesPageSchema,
  gameTexts,
  launchGameBodySchema,
  launchGameResultSchema,
  liveWinnersSchema,
  playerGamesQuerySchema,
  providerListSchema,
  subCategoryListSchema,
  subCategoryQuerySchema,
} from '@casino/contracts/games';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { SessionGuards } from '../../kernel/sessions/session-cookie.js';
import type { LocationGate } from '../../kernel/location-gate/gate.js';
import { bodyText, envelope, ok, sendBodyText } from '../../http/envelope.js';
import type { LiveWinnersChannel } from '../../realtime/live-winners.js';
import type { GamesService } from './service.js';

export interface GamesRouteOptions {
  games: GamesService;
  guards: SessionGuards;
  liveWinners: LiveWinnersChannel;
  location: LocationGate;
}

const tags = ['casino-games'];
const gamesPageBody = envelope(gamesPageSchema);
const subCategoriesBody = envelope(subCategoryListSchema);
const providersBody = envelope(providerListSchema);

/** The /casino-games calls of seed 000 section 7 and seed 001 ('bets'). */
export const gamesRoutes: FastifyPluginAsyncZod<GamesRouteOptions> = async (app, { games, guards, liveWinners, location }) => {
  /**
   * A shared catalogue read (decision 067). A signed-in viewer's answer carries their favourite
   * flags and is serialized per request; a visitor's is the same for every visitor, so its JSON
   * text is kept with the cached read and sent as it is.
   */
  async function sharedRead<S extends z.ZodType>(
    reply: FastifyReply,
    viewerId: number | undefined,
    body: S,
    read: 'games' | 'sub-categories' | 'providers',
    query: object,
    load: (viewerId: number | null) => Promise<z.output<S>>,
  ) {
    if (viewerId !== undefined) return load(viewerId);
    return sendBodyText(reply, await games.visitorText(read, query, async () => bodyText(body, await load(null))));
  }

  app.get(
    '/casino-games',
    {
      preHandler: guards.optionalUser,
      schema: {
        tags,
        summary: 'Games, by sub-category name (or all), search and provider, 16 a page',
        querystring: gamesListQuerySchema,
        response: { 200: gamesPageBody },
      },
    },
    async ({ query, user }, reply) =>
      sharedRead(reply, user?.id, gamesPageBody, 'games', query, async (viewerId) => ok(await games.list(query, viewerId))),
  );

  app.get(
    '/casino-games/sub-category',
    {
      preHandler: guards.optionalUser,
      schema: {
        tags,
        summary: 'Sub-categories with their first games (featured ones are the lobby rows)',
        querystring: subCategoryQuerySchema,
        response: { 200: subCategoriesBody },
      },
    },
    async ({ query, user }, reply) =>
      sharedRead(reply, user?.id, subCategoriesBody, 'sub-categories', query, async (viewerId) =>
        ok(await games.subCategories(query, viewerId)),
      ),
  );

  app.get(
    '/casino-games/get-providers',
    { schema: { tags, summary: 'Game providers (studios)', response: { 200: providersBody } } },
    // The same for everyone, signed in or not.
    async (_request, reply) =>
      sharedRead(reply, undefined, providersBody, 'providers', {}, async () => ok({ providers: await games.providers() })),
  );

  app.get(
    '/casino-games/favorite',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        summary: "The player's favourite games",
        querystring: playerGamesQuerySchema,
        response: { 200: envelope(gamesPageSchema) },
      },
    },
    async (request) => ok(await games.favorites(request.user!.id, request.query)),
  );

  app.post(
    '/casino-games/favorite',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        summary: 'Set a game as favourite (request: true) or not (request: false)',
        body: favoriteBodySchema,
        response: { 200: envelope(favoriteResultSchema) },
      },
    },
    async (request) => {
      const result = await games.setFavorite(request.user!.id, request.body.gameId, request.body.request);
      return ok(result, result.isFavorite ? gameTexts.addedToFavorites : gameTexts.removedFromFavorites);
    },
  );

  app.get(
    '/casino-games/recently-played',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        summary: 'Games the player played, most recent first',
        querystring: playerGamesQuerySchema,
        response: { 200: envelope(gamesPageSchema) },
      },
    },
    async (request) => ok(await games.recentlyPlayed(request.user!.id, request.query)),
  );

  app.get(
    '/casino-games/live-winners',
    { schema: { tags, summary: 'The latest 10 wins, newest first (names masked)', response: { 200: envelope(liveWinnersSchema) } } },
    async () => ok(await liveWinners.latest()),
  );

  app.post(
    '/casino-games/launch-game',
    {
      // Gameplay requires passing the location check (seed 000 section 6).
      preHandler: [guards.requireUser, location.requirePass],
      schema: {
        tags,
        summary: 'Launch a game for GC or SC: gameUrl opens it with a short-lived signed launch token',
        description: 'isDemo must be false: every game is played with Gold Coins or Sweeps Coins (3400 otherwise).',
        body: launchGameBodySchema,
        response: { 200: envelope(launchGameResultSchema) },
      },
    },
    async (request) => {
      const result = await games.launch(request.user!, request.body);
      return ok(result, result.message);
    },
  );

  app.get(
    '/casino-games/bets',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        summary: "The player's bet history (one row per round), newest first",
        querystring: betHistoryQuerySchema,
        response: { 200: envelope(betHistoryPageSchema) },
      },
    },
    async (request) => ok(await games.betHistory(request.user!.id, request.query)),
  );
};
