import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database, DbExecutor } from '../../db/client.js';
import { bigintArray } from '../../db/array-literals.js';
import { sessions } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { hashToken, randomToken } from '../../lib/tokens.js';

export interface SessionMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export type SessionLookup =
  { status: 'valid'; sessionId: number; userId: number } | { status: 'expired' } | { status: 'revoked' } | { status: 'unknown' };

/** Touching last_seen_at at most once a minute keeps reads from turning into a write each. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionService {
  /** Starts a session; returns the cookie token (shown once, stored only as a hash). */
  create(userId: number, meta: SessionMeta): Promise<{ token: string; expiresAt: Date }>;
  resolve(token: string): Promise<SessionLookup>;
  revoke(sessionId: number): Promise<void>;
  /** Ends every session of the player; pass a transaction to end them together with other writes. */
  revokeAllForUser(userId: number, executor?: DbExecutor): Promise<void>;
  /**
   * Ends every other session of the player (a password change) and gives the
   * kept one a new token: a token seen before the change no longer opens anything. Returns the new
   * token; pass a transaction to do it together with the password write (sockets are cut after
   * the caller's commit through `cutEnded`).
   */
  endOthersAndRotate(
    userId: number,
    keepSessionId: number,
    executor?: DbExecutor,
  ): Promise<{ token: string; expiresAt: Date; endedSessionIds: number[] }>;
  /** Cuts the sockets of sessions ended by endOthersAndRotate, once their transaction committed. */
  cutEnded(sessionIds: number[]): void;
  /** Has the player ever signed in from this address? (login-throttle.ts) */
  hasSignedInFrom(userId: number, ip: string): Promise<boolean>;
  /** Which of these sessions are still valid (not ended, not expired), without touching them. */
  validAmong(sessionIds: number[]): Promise<Set<number>>;
}

/**
 * What else must end with a session: its open sockets (realtime/session-sockets.ts). Called
 * after the session is marked ended; with a transaction, before it commits, which only cuts a
 * socket early.
 */
export interface SessionEndListener {
  sessionEnded(sessionId: number): void;
  userSessionsEnded(userId: number): void;
}

export function createSessionService(db: Database, config: Config, onEnd?: SessionEndListener): SessionService {
  const idleMs = config.SESSION_IDLE_TIMEOUT_SECONDS * 1000;
  const absoluteMs = config.SESSION_ABSOLUTE_TIMEOUT_SECONDS * 1000;

  return {
    async create(userId, meta) {
      const token = randomToken();
      const expiresAt = new Date(Date.now() + absoluteMs);
      await db.insert(sessions).values({
        userId,
        tokenHash: hashToken(token),
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        expiresAt,
      });
      return { token, expiresAt };
    },

    async resolve(token) {
      const row = await db.query.sessions.findFirst({ where: eq(sessions.tokenHash, hashToken(token)) });
      if (!row) return { status: 'unknown' };
      if (row.revokedAt) return { status: 'revoked' };
      const now = Date.now();
      if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + idleMs <= now) return { status: 'expired' };
      if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.id, row.id));
      }
      return { status: 'valid', sessionId: row.id, userId: row.userId };
    },

    async revoke(sessionId) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
      onEnd?.sessionEnded(sessionId);
    },

    async revokeAllForUser(userId, executor = db) {
      await executor
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      onEnd?.userSessionsEnded(userId);
    },

    async endOthersAndRotate(userId, keepSessionId, executor = db) {
      const ended = await executor
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      const token = randomToken();
      const [kept] = await executor
        .update(sessions)
        .set({ tokenHash: hashToken(token), lastSeenAt: new Date() })
        .where(and(eq(sessions.id, keepSessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ expiresAt: sessions.expiresAt });
      if (!kept) throw new AppError('SessionInvalid');
      return { token, expiresAt: kept.expiresAt, endedSessionIds: ended.map((row) => row.id) };
    },

    cutEnded(sessionIds) {
      for (const sessionId of sessionIds) onEnd?.sessionEnded(sessionId);
    },

    async hasSignedInFrom(userId, ip) {
      const found = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip)))
        .limit(1);
      return found.length > 0;
    },

    async validAmong(sessionIds) {
      if (sessionIds.length === 0) return new Set();
      // One array value, not a parameter per id: with thousands of open sockets a list of
      // parameters cost the event loop tens of milliseconds to build (docs/decisions/064).
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            sql`${sessions.id} = any(${bigintArray(sessionIds.map((id) => Math.trunc(id)))}::bigint[])`,
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
            gt(sessions.lastSeenAt, sql`now() - ${config.SESSION_IDLE_TIMEOUT_SECONDS}::int * interval '1 second'`),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },
  };
}
