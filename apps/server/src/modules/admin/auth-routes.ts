import {
  operatorLoginRequestSchema,
  operatorLoginResponseSchema,
  operatorSummarySchema,
  operatorTotpRequestSchema,
} from '@casino/contracts/admin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.js';
import {
  ADMIN_CHALLENGE_COOKIE,
  clearChallengeCookie,
  clearSessionCookie,
  setChallengeCookie,
  setSessionCookie,
  type AdminCore,
} from './core.js';
import type { AdminRouteModule } from './kit.js';

/** Each guess costs argon2 or a TOTP check; the attempt counters are the real limit (sign-in-service.ts). */
const SIGN_IN_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

/** Operator sign-in: password, then the TOTP code (or enrolment); who am I; sign out. */
export function authRoutes(core: AdminCore): AdminRouteModule {
  return (instance, ctx) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const meta = (request: { ip: string; headers: { 'user-agent'?: string | undefined } }) => ({
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });

    app.post(
      '/auth/login',
      {
        config: { adminPublic: true, rateLimit: SIGN_IN_RATE_LIMIT },
        schema: {
          tags: ['admin'],
          summary:
            'Operator sign-in, step 1: e-mail and password. No session yet: answers the TOTP step (or the enrolment of a new authenticator)',
          body: operatorLoginRequestSchema,
          response: { 200: envelope(operatorLoginResponseSchema) },
        },
      },
      async (request, reply) => {
        const result = await core.signIn.login(request.body, meta(request));
        setChallengeCookie(reply, ctx.config, result.challengeToken, result.expiresAt);
        return ok(result.response);
      },
    );

    app.post(
      '/auth/totp',
      {
        config: { adminPublic: true, rateLimit: SIGN_IN_RATE_LIMIT },
        schema: {
          tags: ['admin'],
          summary: "Operator sign-in, step 2: the authenticator's 6-digit code. Each code works once; starts the operator session",
          body: operatorTotpRequestSchema,
          response: { 200: envelope(operatorSummarySchema) },
        },
      },
      async (request, reply) => {
        const result = await core.signIn.verifyCode(request.cookies[ADMIN_CHALLENGE_COOKIE], request.body.code, meta(request));
        clearChallengeCookie(reply, ctx.config);
        setSessionCookie(reply, ctx.config, result.session.token, result.session.expiresAt);
        return ok(result.operator);
      },
    );

    app.get(
      '/auth/me',
      {
        preHandler: core.signedIn,
        schema: { tags: ['admin'], summary: 'The signed-in operator and their roles', response: { 200: envelope(operatorSummarySchema) } },
      },
      async (request) => ok(core.kit.operatorOf(request)),
    );

    app.post(
      '/auth/logout',
      {
        preHandler: core.signedIn,
        schema: {
          tags: ['admin'],
          summary: "Ends the operator's session",
          response: { 200: envelope(z.object({ signedOut: z.boolean() })) },
        },
      },
      async (request, reply) => {
        await core.signIn.logout(request.operatorSession!.sessionId, core.kit.operatorOf(request), meta(request));
        clearSessionCookie(reply, ctx.config);
        return ok({ signedOut: true });
      },
    );
  };
}
