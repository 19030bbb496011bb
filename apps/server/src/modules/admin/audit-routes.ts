import { adminAccess, auditQuerySchema, auditRowSchema } from '@casino/contracts/admin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, ok, paged } from '../../http/envelope.js';
import { listAudit } from './audit.js';
import type { AdminRouteModule } from './kit.js';

/** The audit trail, newest first, filtered by operator, action, target and UTC dates. */
export const auditRoutes: AdminRouteModule = (instance, ctx, kit) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/audit',
    {
      preHandler: kit.requireRole(...adminAccess.auditRead),
      schema: {
        tags: ['admin'],
        summary: 'The audit trail: every operator action and sign-in, newest first',
        description:
          "Filters: operatorId, action (exact, or a family ending in '.', e.g. 'player.'), targetType and targetId, from and to (ISO times, or dates meaning whole UTC days).",
        querystring: auditQuerySchema,
        response: { 200: envelope(paged(auditRowSchema)) },
      },
    },
    async (request) => ok(await listAudit(ctx.db, request.query)),
  );
};
