import type { OperatorSummary } from '@casino/contracts/admin';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database, DbExecutor } from '../../db/client.js';
import { operators, operatorSessions } from '../../db/schema/admin.js';
import { hashToken, randomToken } from '../../lib/tokens.js';

/**
 * Operator sessions: like players' (opaque 256-bit token, only its hash
 * stored, idle and absolute timeouts) but in their own table and cookie, with timeouts of
 * ADMIN_SESSION_IDLE_TIMEOUT_SECONDS (30 minutes) and ADMIN_SESSION_ABSOLUTE_TIMEOUT_SECONDS
 * (8 hours). A disabled operator's sessions end, and a session of a disabled operator never
 * resolves.
 */
export type OperatorSessionLookup =
  { status: 'valid'; sessionId: number; operator: OperatorSummary } | { status: 'expired' } | { status: 'revoked' } | { status: 'unknown' };

export interface OperatorSessionService {
  create(
    executor: DbExecutor,
    operatorId: number,
    meta: { ip?: string | undefined; userAgent?: string | undefined },
  ): Promise<{ token: string; sessionId: number; expiresAt: Date }>;
  resolve(token: string): Promise<OperatorSessionLookup>;
  revoke(sessionId: number): Promise<void>;
  revokeAllFor(executor: DbExecutor, operatorId: number): Promise<void>;
}

const TOUCH_INTERVAL_MS = 60_000;

export function createOperatorSessions(db: Database, config: Config): OperatorSessionService {
  const idleMs = config.ADMIN_SESSION_IDLE_TIMEOUT_SECONDS * 1000;
  const absoluteMs = config.ADMIN_SESSION_ABSOLUTE_TIMEOUT_SECONDS * 1000;
  return {
    async create(executor, operatorId, meta) {
      const token = randomToken();
      const expiresAt = new Date(Date.now() + absoluteMs);
      const [row] = await executor
        .insert(operatorSessions)
        .values({
          operatorId,
          tokenHash: hashToken(token),
          ip: meta.ip ?? null,
          userAgent: meta.userAgent?.slice(0, 300) ?? null,
          expiresAt,
        })
        .returning({ id: operatorSessions.id });
      return { token, sessionId: row!.id, expiresAt };
    },

    async resolve(token) {
      const [row] = await db
        .select({
          id: operatorSessions.id,
          lastSeenAt: operatorSessions.lastSeenAt,
          expiresAt: operatorSessions.expiresAt,
          revokedAt: operatorSessions.revokedAt,
          operatorId: operators.id,
          email: operators.email,
          displayName: operators.displayName,
          roles: operators.roles,
          disabledAt: operators.disabledAt,
        })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(eq(operatorSessions.tokenHash, hashToken(token)));
      if (!row) return { status: 'unknown' };
      if (row.revokedAt || row.disabledAt) return { status: 'revoked' };
      const now = Date.now();
      if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + idleMs <= now) return { status: 'expired' };
      if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await db
          .update(operatorSessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(operatorSessions.id, row.id));
      }
      return {
        status: 'valid',
        sessionId: row.id,
        operator: { operatorId: row.operatorId, email: row.email, displayName: row.displayName, roles: row.roles },
      };
    },

    async revoke(sessionId) {
      await db
        .update(operatorSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
    },

    async revokeAllFor(executor, operatorId) {
      await executor
        .update(operatorSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
    },
  };
}
