import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import type { SessionLookup, SessionService } from './session-service.js';

export const SESSION_COOKIE = 'casino_session';

export interface AuthenticatedUser {
  id: number;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / optionalUser; null for a visitor. */
    user: AuthenticatedUser | null;
  }
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.isProduction });
}

/** Reads a session token out of a raw Cookie header (socket.io handshakes have no Fastify request). */
export function sessionTokenFromCookieHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function refusal(lookup: Exclude<SessionLookup, { status: 'valid' }>): AppError {
  // A cookie that named a session which ended tells the client to drop its stored user and
  // reload (codes 3008 / 3082, seed 000 section 8); no cookie at all is a plain 401.
  if (lookup.status === 'expired') return new AppError('SessionExpired');
  if (lookup.status === 'revoked') return new AppError('SessionInvalid');
  return new AppError('SessionInvalid');
}

export interface SessionGuards {
  /** preHandler: 401 unless a valid session cookie came with the request. */
  requireUser: preHandlerAsyncHookHandler;
  /** preHandler: sets request.user when signed in, null otherwise; never refuses. */
  optionalUser: preHandlerAsyncHookHandler;
  /** Resolves the player of a request without a preHandler. */
  userOf(request: FastifyRequest): Promise<AuthenticatedUser | null>;
}

export function createSessionGuards(sessions: SessionService): SessionGuards {
  async function lookup(request: FastifyRequest): Promise<SessionLookup | undefined> {
    const token = request.cookies[SESSION_COOKIE];
    return token ? sessions.resolve(token) : undefined;
  }
  return {
    async requireUser(request) {
      const found = await lookup(request);
      if (!found) throw new AppError('Unauthenticated');
      if (found.status !== 'valid') throw refusal(found);
      request.user = { id: found.userId, sessionId: found.sessionId };
    },
    async optionalUser(request) {
      const found = await lookup(request);
      request.user = found?.status === 'valid' ? { id: found.userId, sessionId: found.sessionId } : null;
    },
    async userOf(request) {
      const found = await lookup(request);
      return found?.status === 'valid' ? { id: found.userId, sessionId: found.sessionId } : null;
    },
  };
}
