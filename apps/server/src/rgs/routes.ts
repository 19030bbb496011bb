import { fromHundredths } from '@casino/contracts/money';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  balanceResultSchema,
  GAME_SESSION_HEADER,
  openSessionBodySchema,
  openSessionResultSchema,
  playRoundBodySchema,
  roundResultSchema,
  type RoundResult,
} from '@casino/contracts/rgs';
import { rotateSeedsBodySchema, rotateSeedsResultSchema, seedPairSchema } from '@casino/contracts/provably-fair';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../http/envelope.js';
import { AppError } from '../http/errors.js';
import { svgAsWebp } from '../lib/raster.js';
import { TILE_ART_WIDTH, tileArt } from './art.js';
import { gameInfoOf } from './game-info.js';
import { getTitle } from './math/index.js';
import { BetSessionChanged, type RoundService } from './rounds.js';
import type { SeedPairService } from './seed-pairs.js';
import type { GameSessionService } from './sessions.js';
import type { WalletClient } from './wallet-client.js';
import type { LocationGate } from '../kernel/location-gate/gate.js';

const ART_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

export interface GameServerRouteOptions {
  sessions: GameSessionService;
  rounds: RoundService;
  seeds: SeedPairService;
  wallet: WalletClient;
  webDistDir: string;
  location: LocationGate;
}

const sessionHeaders = z.object({ [GAME_SESSION_HEADER]: z.string().optional() });

/**
 * The in-house game server's public side (under /rgs): tile artwork, the game page the lobby
 * frames, and the page's API (open a session from a launch token, balance, play, recall, the
 * player's provably fair seeds: the current pair's hash, and rotating it).
 */
export const gameServerRoutes: FastifyPluginAsyncZod<GameServerRouteOptions> = async (
  app,
  { sessions, rounds, seeds, wallet, webDistDir, location },
) => {
  app.get(
    '/art/:file',
    {
      schema: {
        tags: ['game-server'],
        summary: "A title's tile artwork: the drawing (.svg) or its pixels for the lobby (.webp, 300x400)",
        params: z.object({ file: z.string().max(120) }),
      },
    },
    async (request, reply) => {
      const [, identifier, extension] = /^([a-z0-9-]+)\.(svg|webp)$/.exec(request.params.file) ?? [];
      const art = identifier ? tileArt(identifier) : undefined;
      if (!art) throw new AppError('NotFound', 'No such artwork.');
      const pixels = extension === 'webp';
      const image = pixels ? await svgAsWebp(art.svg, TILE_ART_WIDTH) : { bytes: art.svg, etag: art.etag };
      void reply.header('cache-control', `public, max-age=${ART_MAX_AGE_SECONDS}, stale-while-revalidate=${ART_MAX_AGE_SECONDS}`);
      void reply.header('etag', image.etag);
      if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
      return reply.type(pixels ? 'image/webp' : 'image/svg+xml; charset=utf-8').send(image.bytes);
    },
  );

  // The game page: a small page of its own (apps/web/game.html), not the lobby's bundle. The
  // launch token travels in the URL fragment, which browsers never send to a server.
  app.get(
    '/play/:identifier',
    {
      schema: {
        tags: ['game-server'],
        summary: 'The game page opened in the lobby frame',
        params: z.object({ identifier: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      if (!getTitle(request.params.identifier)) throw new AppError('GameNotFound');
      let html: string;
      try {
        html = await fs.readFile(path.join(webDistDir, 'game.html'), 'utf8');
      } catch {
        throw new AppError('NotFound', 'The game pages are not built (npm run build).');
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    },
  );

  app.post(
    '/api/sessions',
    {
      schema: {
        tags: ['game-server'],
        summary: 'Open a game session from a launch token (one use, short-lived)',
        body: openSessionBodySchema,
        response: { 200: envelope(openSessionResultSchema) },
      },
    },
    async (request) => {
      const { token, session } = await sessions.open(request.body.launchToken);
      const balance = fromHundredths(await wallet.balance({ userId: session.userId, coin: session.coin }));
      return ok({ sessionToken: token, coin: session.coin, balance, game: gameInfoOf(session.title, session.casinoGameId) });
    },
  );

  app.get(
    '/api/balance',
    {
      schema: {
        tags: ['game-server'],
        summary: "The session coin's balance",
        headers: sessionHeaders,
        response: { 200: envelope(balanceResultSchema) },
      },
    },
    async (request) => {
      const session = await sessions.resolve(request.headers[GAME_SESSION_HEADER]);
      return ok({ coin: session.coin, balance: fromHundredths(await wallet.balance({ userId: session.userId, coin: session.coin })) });
    },
  );

  app.post(
    '/api/rounds',
    {
      schema: {
        tags: ['game-server'],
        summary: 'Play one round (spin or scratch card) at one of the title’s bet steps',
        headers: sessionHeaders,
        body: playRoundBodySchema,
        response: { 200: envelope(roundResultSchema) },
      },
    },
    async (request) => {
      // A bet needs a passing location check of the login session that launched the game, from
      // the address the bet comes from, read with the session. The session
      // this process kept from the page's last bet is judged first; when that judgement may be
      // out of date (the gate refuses what was kept, or the round's statement finds the login
      // session ended or a newer location decision), the bet is judged again on a fresh read.
      const token = request.headers[GAME_SESSION_HEADER];
      const bet = async (fresh: boolean): Promise<RoundResult> => {
        const { session, location: latest, cached } = await sessions.resolveForBet(token, { fresh });
        try {
          location.assertPassOf(latest, { userId: session.userId, sessionId: session.casinoSessionId, ip: request.ip });
        } catch (refusal) {
          if (cached) return bet(true);
          throw refusal;
        }
        try {
          return await rounds.play(session, request.body, { locationCheckId: latest?.id ?? 0 });
        } catch (error) {
          if (error instanceof BetSessionChanged && !fresh) return bet(true);
          throw error;
        }
      };
      return ok(await bet(false));
    },
  );

  app.get(
    '/api/rounds/:roundId',
    {
      schema: {
        tags: ['game-server'],
        summary: 'Recall a round as it was played',
        headers: sessionHeaders,
        params: z.object({ roundId: z.coerce.number().int().positive() }),
        response: { 200: envelope(roundResultSchema) },
      },
    },
    async (request) => {
      const session = await sessions.resolve(request.headers[GAME_SESSION_HEADER]);
      return ok(await rounds.recall(session, request.params.roundId));
    },
  );

  app.get(
    '/api/seeds',
    {
      schema: {
        tags: ['game-server'],
        summary: "The player's current provably fair seed pair: the server seed's hash, the client seed, the next nonce",
        headers: sessionHeaders,
        response: { 200: envelope(seedPairSchema) },
      },
    },
    async (request) => {
      const session = await sessions.resolve(request.headers[GAME_SESSION_HEADER]);
      return ok(await seeds.current(session.userId));
    },
  );

  app.post(
    '/api/seeds/rotate',
    {
      schema: {
        tags: ['game-server'],
        summary: 'Reveal the current server seed and start a new pair (with a new client seed when one is given)',
        headers: sessionHeaders,
        body: rotateSeedsBodySchema,
        response: { 200: envelope(rotateSeedsResultSchema) },
      },
    },
    async (request) => {
      const session = await sessions.resolve(request.headers[GAME_SESSION_HEADER]);
      return ok(await seeds.rotate(session.userId, request.body.clientSeed));
    },
  );
};
