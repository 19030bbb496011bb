import { siteConfigResponseSchema } from '@casino/contracts/site-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../http/envelope.js';
import type { SiteConfigService } from './service.js';

export const siteConfigRoutes: FastifyPluginAsyncZod<{ siteConfig: SiteConfigService }> = async (app, { siteConfig }) => {
  app.get(
    '/user/site-config',
    {
      schema: {
        tags: ['site'],
        summary: 'Site configuration as a key/value list (seed 000 section 3)',
        response: { 200: envelope(siteConfigResponseSchema) },
      },
    },
    async () => ok({ list: await siteConfig.list() }),
  );
};
