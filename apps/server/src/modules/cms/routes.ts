import { cmsDetailQuerySchema, cmsListSchema, cmsPageSchema } from '@casino/contracts/cms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../http/envelope.js';
import type { CmsService } from './service.js';

export const cmsRoutes: FastifyPluginAsyncZod<{ cms: CmsService }> = async (app, { cms }) => {
  app.get(
    '/details/cms',
    {
      schema: {
        tags: ['site'],
        summary: 'The CMS pages: slug, title and category (seed 000 section 3)',
        response: { 200: envelope(cmsListSchema) },
      },
    },
    async () => {
      const rows = await cms.list();
      return ok({ rows, count: rows.length });
    },
  );

  app.get(
    '/details/cms-detail',
    {
      schema: {
        tags: ['site'],
        summary: 'One CMS page by slug, with its content',
        querystring: cmsDetailQuerySchema,
        response: { 200: envelope(cmsPageSchema) },
      },
    },
    async (request) => ok(await cms.page(request.query.slug)),
  );
};
