import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database, DbExecutor } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
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
}

export function createSessionService(db: Database, config: Config): SessionService {
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
    },

    async revokeAllForUser(userId, executor = db) {
      await executor
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}
