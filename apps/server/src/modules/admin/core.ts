import { holdsRole, type OperatorRole, type OperatorSummary } from '@casino/contracts/admin';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { createAttemptCounters } from '../auth/attempt-counters.js';
import { appendAudit } from './audit.js';
import type { AdminRouteKit, AdminRouteModule } from './kit.js';
import { createOperatorSessions, type OperatorSessionService } from './operator-sessions.js';
import { createOperatorsService, type OperatorsService } from './operators-service.js';
import { createSecretBox } from './secret-box.js';
import { createSignInService, type SignInService } from './sign-in-service.js';

/**
 * The back office's core: operator sessions, the role check of every
 * operator route, and the audit trail, handed to each desk as the AdminRouteKit.
 *
 * Every route under /api/admin must carry a role guard (kit.requireRole) or be marked public
 * (the two sign-in steps): a route without one stops the server at start. The guard runs in
 * onRequest, before the body is even parsed: 401 without an operator session, 403 with a role
 * that is not allowed. Player sessions live in another table and another cookie and never pass.
 */
export const ADMIN_PREFIX = '/api/admin';
export const ADMIN_SESSION_COOKIE = 'casino_admin_session';
export const ADMIN_CHALLENGE_COOKIE = 'casino_admin_challenge';
const CHALLENGE_COOKIE_PATH = `${ADMIN_PREFIX}/auth`;

/** Who may call a route: a list of roles ('admin' holds all), any signed-in operator, or anyone. */
export type AdminAccess = readonly OperatorRole[] | 'signed-in' | 'public';

export interface AdminRouteEntry {
  method: string;
  url: string;
  access: AdminAccess;
}

export interface OperatorRequestState {
  sessionId: number;
  operator: OperatorSummary;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the back office's guard for a signed-in operator; null elsewhere. */
    operatorSession: OperatorRequestState | null;
  }
  interface FastifyContextConfig {
    /** Marks one of the back office's sign-in routes, which need no operator session. */
    adminPublic?: boolean;
    /** Set by the core from the route's guard. */
    adminAccess?: AdminAccess;
  }
}

const ACCESS = Symbol('adminAccess');
type GuardFunction = preHandlerAsyncHookHandler & { [ACCESS]?: AdminAccess };

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  // SameSite=Strict and a path of its own: the cookie never goes along with a player's requests.
  void reply.setCookie(ADMIN_SESSION_COOKIE, token, {
    path: ADMIN_PREFIX,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(ADMIN_SESSION_COOKIE, { path: ADMIN_PREFIX, httpOnly: true, sameSite: 'strict', secure: config.isProduction });
}

export function setChallengeCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  void reply.setCookie(ADMIN_CHALLENGE_COOKIE, token, {
    path: CHALLENGE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
    expires: expiresAt,
  });
}

export function clearChallengeCookie(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(ADMIN_CHALLENGE_COOKIE, {
    path: CHALLENGE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
  });
}

export interface AdminCore {
  kit: AdminRouteKit;
  /** preHandler of the core's own routes that any signed-in operator may call (me, logout). */
  signedIn: preHandlerAsyncHookHandler;
  sessions: OperatorSessionService;
  operators: OperatorsService;
  signIn: SignInService;
  /** Every operator route with who may call it, filled as routes register (the role-matrix test reads it). */
  routeTable: AdminRouteEntry[];
}

function tagged(access: AdminAccess, guard: preHandlerAsyncHookHandler): GuardFunction {
  return Object.assign(guard, { [ACCESS]: access });
}

function accessOf(hooks: unknown): AdminAccess | undefined {
  for (const hook of [hooks].flat()) {
    const access = (hook as GuardFunction | undefined)?.[ACCESS];
    if (access !== undefined) return access;
  }
  return undefined;
}

export function createAdminCore(ctx: AppContext): AdminCore {
  const sessions = createOperatorSessions(ctx.db, ctx.config);
  const box = createSecretBox(ctx.config.operatorTotpKey);
  const operators = createOperatorsService(ctx.db, sessions);
  const signIn = createSignInService({ db: ctx.db, config: ctx.config, counters: createAttemptCounters(ctx.db), sessions, box });

  function operatorOf(request: FastifyRequest): OperatorSummary {
    if (!request.operatorSession) throw new AppError('Unauthenticated');
    return request.operatorSession.operator;
  }

  const kit: AdminRouteKit = {
    requireRole(...roles) {
      if (roles.length === 0) throw new Error('requireRole needs at least one role');
      return tagged(roles, async (request) => {
        // The scope's onRequest guard already decided; this repeats it where the route runs.
        if (!holdsRole(operatorOf(request).roles, roles)) throw new AppError('Forbidden');
      });
    },
    operatorOf,
    async audit(tx, request, record) {
      const operator = operatorOf(request);
      await appendAudit(tx, {
        operatorId: operator.operatorId,
        operatorEmail: operator.email,
        action: record.action,
        targetType: record.targetType,
        targetId: record.targetId,
        before: record.before,
        after: record.after,
        reason: record.reason ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
    },
  };
  const signedIn = tagged('signed-in', async (request) => {
    operatorOf(request);
  });
  return { kit, signedIn, sessions, operators, signIn, routeTable: [] };
}

/**
 * The /api/admin scope: the guard hooks, then the core's routes and every desk. Register with
 * `{ prefix: ADMIN_PREFIX }`.
 */
export function adminScope(ctx: AppContext, core: AdminCore, modules: readonly AdminRouteModule[]): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.decorateRequest('operatorSession', null);

    app.addHook('onRoute', (route) => {
      const access: AdminAccess | undefined = route.config?.adminPublic
        ? 'public'
        : (accessOf(route.onRequest) ?? accessOf(route.preValidation) ?? accessOf(route.preHandler));
      if (access === undefined) {
        throw new Error(`${String(route.method)} ${route.url}: every operator route names who may call it (kit.requireRole)`);
      }
      route.config = { ...route.config, adminAccess: access };
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') core.routeTable.push({ method, url: route.url, access });
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.adminAccess;
      if (access === undefined || access === 'public') return;
      const token = request.cookies[ADMIN_SESSION_COOKIE];
      if (!token) throw new AppError('Unauthenticated');
      const found = await core.sessions.resolve(token);
      if (found.status === 'expired') throw new AppError('SessionExpired');
      if (found.status !== 'valid') throw new AppError('SessionInvalid');
      request.operatorSession = { sessionId: found.sessionId, operator: found.operator };
      if (access !== 'signed-in' && !holdsRole(found.operator.roles, access)) throw new AppError('Forbidden');
    });

    for (const module of modules) {
      await app.register(async (desk) => module(desk, ctx, core.kit));
    }
  };
}
