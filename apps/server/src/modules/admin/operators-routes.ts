import {
  adminAccess,
  createOperatorRequestSchema,
  operatorRowSchema,
  reasonRequestSchema,
  setOperatorDisabledRequestSchema,
  updateOperatorRolesRequestSchema,
} from '@casino/contracts/admin';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok, paged } from '../../http/envelope.js';
import type { AdminCore } from './core.js';
import type { AdminRouteModule } from './kit.js';
import type { Actor } from './operators-service.js';

const operatorParams = z.object({ operatorId: z.coerce.number().int().positive() });

/** Operators management (admins only): create, roles, disable, reset two-factor. Each change is audited with its reason. */
export function operatorsRoutes(core: AdminCore): AdminRouteModule {
  return (instance, _ctx, kit) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const guard = kit.requireRole(...adminAccess.operatorsManage);
    const actor = (request: FastifyRequest): Actor => {
      const operator = kit.operatorOf(request);
      return { operatorId: operator.operatorId, email: operator.email, ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
    };

    app.get(
      '/operators',
      { preHandler: guard, schema: { tags: ['admin'], summary: 'Every operator', response: { 200: envelope(paged(operatorRowSchema)) } } },
      async () => {
        const rows = await core.operators.list();
        return ok({ rows, count: rows.length });
      },
    );

    app.post(
      '/operators',
      {
        preHandler: guard,
        schema: {
          tags: ['admin'],
          summary: 'Creates an operator (they enrol their authenticator at their first sign-in)',
          body: createOperatorRequestSchema,
          response: { 200: envelope(operatorRowSchema) },
        },
      },
      async (request) => {
        const { reason, ...input } = request.body;
        return ok(await core.operators.createOperator(actor(request), input, reason), 'Operator created.');
      },
    );

    app.put(
      '/operators/:operatorId/roles',
      {
        preHandler: guard,
        schema: {
          tags: ['admin'],
          summary: "Replaces an operator's roles",
          params: operatorParams,
          body: updateOperatorRolesRequestSchema,
          response: { 200: envelope(operatorRowSchema) },
        },
      },
      async (request) =>
        ok(
          await core.operators.updateRoles(actor(request), request.params.operatorId, request.body.roles, request.body.reason),
          'Roles saved.',
        ),
    );

    app.put(
      '/operators/:operatorId/disabled',
      {
        preHandler: guard,
        schema: {
          tags: ['admin'],
          summary: 'Disables an operator (their sessions end) or enables them again',
          params: operatorParams,
          body: setOperatorDisabledRequestSchema,
          response: { 200: envelope(operatorRowSchema) },
        },
      },
      async (request) =>
        ok(
          await core.operators.setDisabled(actor(request), request.params.operatorId, request.body.disabled, request.body.reason),
          request.body.disabled ? 'Operator disabled.' : 'Operator enabled.',
        ),
    );

    app.post(
      '/operators/:operatorId/two-factor/reset',
      {
        preHandler: guard,
        schema: {
          tags: ['admin'],
          summary: "Forgets an operator's authenticator: they enrol a new one at their next sign-in; their sessions end",
          params: operatorParams,
          body: reasonRequestSchema,
          response: { 200: envelope(operatorRowSchema) },
        },
      },
      async (request) =>
        ok(await core.operators.resetTwoFactor(actor(request), request.params.operatorId, request.body.reason), 'Two-factor reset.'),
    );
  };
}
