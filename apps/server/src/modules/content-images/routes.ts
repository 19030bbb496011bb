import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { ContentImageService } from './service.js';

/** A content image's address names its bytes (their SHA-256), so it never changes: a year, immutable. */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const contentImageRoutes: FastifyPluginAsyncZod<{ images: ContentImageService }> = async (app, { images }) => {
  app.get(
    '/content-images/:file',
    {
      schema: {
        tags: ['content'],
        summary: 'An image uploaded from the back office (banners, popups, store packages), by its content hash',
        params: z.object({ file: z.string().max(80) }),
      },
    },
    async (request, reply) => {
      const image = await images.find(request.params.file);
      if (!image) throw new AppError('NotFound', 'No such image.');
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', IMAGE_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(image.bytes);
    },
  );
};
