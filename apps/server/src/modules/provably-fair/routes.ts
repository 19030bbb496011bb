import {
  clientSeedBodySchema,
  revealedPairsPageSchema,
  revealedPairsQuerySchema,
  rotateSeedsBodySchema,
  rotateSeedsResultSchema,
  seedPairSchema,
} from '@casino/contracts/provably-fair';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { envelope, ok } from '../../http/envelope.js';
import type { SeedPairService } from '../../rgs/seed-pairs.js';

const tags = ['provably-fair'];

/**
 * The player's provably fair seeds (docs/decisions/070-provably-fair.md): the current pair (its
 * server seed's hash, the client seed, the next nonce), a new client seed (which rotates the
 * pair), rotating, and the revealed pairs with their server seeds. The pair's server seed is in
 * an answer only once the pair was rotated.
 */
export const provablyFairRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; seeds: SeedPairService }> = async (app, { ctx, seeds }) => {
  app.get(
    '/provably-fair/seeds',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags,
        summary: 'The current seed pair: server seed hash, client seed, next nonce',
        response: { 200: envelope(seedPairSchema) },
      },
    },
    async (request) => ok(await seeds.current(request.user!.id)),
  );

  app.put(
    '/provably-fair/client-seed',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags,
        summary: 'Change the client seed: reveals the current server seed and starts a new pair with this client seed',
        body: clientSeedBodySchema,
        response: { 200: envelope(rotateSeedsResultSchema) },
      },
    },
    async (request) => ok(await seeds.rotate(request.user!.id, request.body.clientSeed)),
  );

  app.post(
    '/provably-fair/rotate',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags,
        summary: 'Rotate: reveal the current server seed and start a new pair (the client seed given, or the current one)',
        body: rotateSeedsBodySchema,
        response: { 200: envelope(rotateSeedsResultSchema) },
      },
    },
    async (request) => ok(await seeds.rotate(request.user!.id, request.body.clientSeed)),
  );

  app.get(
    '/provably-fair/pairs',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags,
        summary: 'The revealed seed pairs, newest first, with their server seeds',
        querystring: revealedPairsQuerySchema,
        response: { 200: envelope(revealedPairsPageSchema) },
      },
    },
    async (request) => ok(await seeds.revealed(request.user!.id, request.query)),
  );
};
