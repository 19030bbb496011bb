import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { auditRoutes } from './audit-routes.js';
import { authRoutes } from './auth-routes.js';
import { adminScope, createAdminCore, type AdminRouteEntry } from './core.js';
import type { AdminRouteModule } from './kit.js';
import { operatorsRoutes } from './operators-routes.js';
import { playersDesk } from './players-routes.js';

/**
 * The back office (docs/decisions/024-back-office.md): its core (sign-in, operators,
 * audit trail) and its desks, under /api/admin. A new desk is an AdminRouteModule added to
 * `desks` in app.ts.
 */
export interface AdminModule {
  /** Register with `{ prefix: ADMIN_PREFIX }`. */
  api: FastifyPluginAsync;
  /** Every operator route and who may call it (filled when the routes register). */
  routeTable: readonly AdminRouteEntry[];
}

export function createAdminModule(ctx: AppContext, desks: readonly AdminRouteModule[] = []): AdminModule {
  const core = createAdminCore(ctx);
  const modules = [authRoutes(core), operatorsRoutes(core), auditRoutes, playersDesk, ...desks];
  return { api: adminScope(ctx, core, modules), routeTable: core.routeTable };
}
