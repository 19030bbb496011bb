import { adminAccess } from '@casino/contracts/admin';
import { reportQuerySchema, reportSchema } from '@casino/contracts/admin-reports';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.js';
import type { AdminRouteModule } from './kit.js';
import { createReportQueries, reportCsv } from './reports-queries.js';

/** The reports desk: per UTC day and game, as JSON for the page and as CSV. */
export const reportsDesk: AdminRouteModule = (instance, ctx, kit) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const queries = createReportQueries(ctx.db);
  const read = kit.requireRole(...adminAccess.reportsRead);

  app.get(
    '/reports/daily',
    {
      preHandler: read,
      schema: {
        tags: ['admin'],
        summary:
          'Per UTC day and game: rounds, GC and SC wagered and won, measured and theoretical RTP; per day: paid purchases and redemptions',
        querystring: reportQuerySchema,
        response: { 200: envelope(reportSchema) },
      },
    },
    async (request) => ok(await queries.report(request.query)),
  );

  app.get(
    '/reports/daily.csv',
    {
      preHandler: read,
      schema: {
        tags: ['admin'],
        summary: 'The per-day, per-game rows of the report as CSV (RFC 4180)',
        querystring: reportQuerySchema,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const csv = reportCsv(await queries.report(request.query));
      void reply.header('content-disposition', `attachment; filename="games-${request.query.from}-${request.query.to}.csv"`);
      void reply.header('cache-control', 'no-store');
      return reply.type('text/csv; charset=utf-8').send(csv);
    },
  );
};
