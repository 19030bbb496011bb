import type { OperatorRole, OperatorSummary } from '@casino/contracts/admin';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';

/**
 * The contract between the back office's core (operators, sessions, TOTP, audit trail) and the
 * modules that add desks to it. Every operator route lives under /api/admin and is registered
 * through an AdminRouteModule, so the role check and the audit trail cannot be forgotten, and the
 * role-matrix test can enumerate every operator route.
 */
export interface AuditRecord {
  /** A dotted verb, e.g. 'player.restrict', 'content.banner.update', 'operator.login'. */
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
  /** Required by actions that move coins or restrict a player. */
  reason?: string | null;
}

export interface AdminRouteKit {
  /**
   * preHandler: a signed-in operator who passed TOTP and holds one of these roles ('admin' holds
   * every role). 401 without an operator session, 403 with the wrong role; player sessions never pass.
   */
  requireRole(...roles: OperatorRole[]): preHandlerAsyncHookHandler;
  /** The operator of a request that passed requireRole. */
  operatorOf(request: FastifyRequest): OperatorSummary;
  /** Appends to the audit trail in the caller's transaction (append-only: no role can change it). */
  audit(tx: Transaction, request: FastifyRequest, record: AuditRecord): Promise<void>;
}

/** A desk of the back office: registers its routes (prefix /api/admin is applied by the core). */
export type AdminRouteModule = (app: FastifyInstance, ctx: AppContext, kit: AdminRouteKit) => Promise<void> | void;
