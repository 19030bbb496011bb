import type { auditQuerySchema, AuditRow } from '@casino/contracts/admin';
import { and, count, desc, eq, gte, like, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client.js';
import { operatorAuditLog } from '../../db/schema/admin.js';

/**
 * The audit trail: one append per operator action or sign-in, written in the
 * action's own transaction, read by the audit page. The table refuses UPDATE, DELETE and TRUNCATE
 * (migration 0131); nothing here tries.
 */
export interface AuditEntry {
  operatorId: number | null;
  operatorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

export async function appendAudit(executor: DbExecutor, entry: AuditEntry): Promise<void> {
  await executor.insert(operatorAuditLog).values({
    operatorId: entry.operatorId,
    operatorEmail: entry.operatorEmail?.slice(0, 254) ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    ip: entry.ip ?? null,
    userAgent: entry.userAgent?.slice(0, 300) ?? null,
  });
}

/** A bare date is a UTC day: 'from' its 00:00, 'to' its end. */
function boundary(value: string, edge: 'from' | 'to'): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    return edge === 'from' ? start : new Date(start.getTime() + 24 * 60 * 60 * 1000 - 1);
  }
  return new Date(value);
}

/** LIKE pattern of a prefix, with its wildcards escaped. */
function prefixPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export async function listAudit(db: Database, query: z.output<typeof auditQuerySchema>): Promise<{ rows: AuditRow[]; count: number }> {
  const conditions: SQL[] = [];
  if (query.operatorId !== undefined) conditions.push(eq(operatorAuditLog.operatorId, query.operatorId));
  if (query.action) {
    // 'player.' is a family of actions; anything else is one action.
    conditions.push(
      query.action.endsWith('.') ? like(operatorAuditLog.action, prefixPattern(query.action)) : eq(operatorAuditLog.action, query.action),
    );
  }
  if (query.targetType) conditions.push(eq(operatorAuditLog.targetType, query.targetType));
  if (query.targetId) conditions.push(eq(operatorAuditLog.targetId, query.targetId));
  if (query.from) conditions.push(gte(operatorAuditLog.at, boundary(query.from, 'from')));
  if (query.to) conditions.push(lte(operatorAuditLog.at, boundary(query.to, 'to')));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(operatorAuditLog)
      .where(where)
      .orderBy(desc(operatorAuditLog.at), desc(operatorAuditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(operatorAuditLog).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      operatorId: row.operatorId,
      operatorEmail: row.operatorEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
      reason: row.reason,
      ip: row.ip,
    })),
    count: Number(total?.value ?? 0),
  };
}
