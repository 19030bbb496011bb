import { bannerListSchema, bannersQuerySchema } from '@casino/contracts/banners';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.js';
import type { SessionGuards } from '../../kernel/sessions/session-cookie.js';
import type { BannerService } from './service.js';

const ART_MAX_AGE_SECONDS = 60 * 60 * 24;

export const bannerRoutes: FastifyPluginAsyncZod<{ banners: BannerService; guards: SessionGuards }> = async (app, { banners, guards }) => {
  app.get(
    '/details/banners',
    {
      preHandler: guards.optionalUser,
      schema: {
        tags: ['banners'],
        summary: 'Banners for the caller: visibility 0 before login, 1 after; optionally one page',
        querystring: bannersQuerySchema,
        response: { 200: envelope(bannerListSchema) },
      },
    },
    async (request) => {
      const rows = await banners.list({ signedIn: request.user !== null, pageName: request.query.pageName });
      return ok({ rows, count: rows.length });
    },
  );

  app.get(
    '/details/banners/:file',
    {
      schema: {
        tags: ['banners'],
        summary: "A banner's generated artwork: the drawing (.svg) or its pixels (.webp, 600x400)",
        params: z.object({ file: z.string().max(120) }),
      },
    },
    async (request, reply) => {
      const artwork = await banners.artwork(request.params.file);
      void reply.header('cache-control', `public, max-age=${ART_MAX_AGE_SECONDS}`);
      return reply.type(artwork.contentType).send(artwork.bytes);
    },
  );
};
