import type { ContentVersion } from '@casino/contracts/admin-content';
import { and, desc, eq, max } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client.js';
import { operators } from '../../db/schema/admin.js';
import { contentVersions } from '../../db/schema/content-versions.js';

/**
 * Kept versions of the back office's content (migration 0150, docs/decisions/024-back-office.md):
 * written in the transaction of the change, next to its audit record.
 */
export interface VersionRecord {
  contentType: string;
  contentId: string;
  version: number;
  before: unknown;
  after: unknown;
  operatorId: number;
  reason: string | null;
}

export async function keepVersion(tx: Transaction, record: VersionRecord): Promise<void> {
  await tx.insert(contentVersions).values({
    contentType: record.contentType,
    contentId: record.contentId,
    version: record.version,
    before: record.before ?? null,
    after: record.after,
    operatorId: record.operatorId,
    reason: record.reason,
  });
}

/**
 * The latest kept version of each item of a type, by item id. An item with none kept is at
 * version 1 (content that has no version column of its own takes its version from here).
 */
export async function latestVersions(db: DbExecutor, contentType: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: contentVersions.contentId, version: max(contentVersions.version) })
    .from(contentVersions)
    .where(eq(contentVersions.contentType, contentType))
    .groupBy(contentVersions.contentId);
  return new Map(rows.map((row) => [row.id, row.version ?? 1]));
}

/** The latest kept version of one item, 1 before any change. */
export async function latestVersion(db: DbExecutor, contentType: string, contentId: string): Promise<number> {
  const [row] = await db
    .select({ version: max(contentVersions.version) })
    .from(contentVersions)
    .where(and(eq(contentVersions.contentType, contentType), eq(contentVersions.contentId, contentId)));
  return row?.version ?? 1;
}

/** An item's versions, newest first (served by the (content_type, content_id, version) key). */
export async function versionsOf(db: Database, contentType: string, contentId: string): Promise<ContentVersion[]> {
  const rows = await db
    .select({
      version: contentVersions.version,
      before: contentVersions.before,
      after: contentVersions.after,
      operatorId: contentVersions.operatorId,
      operatorEmail: operators.email,
      reason: contentVersions.reason,
      createdAt: contentVersions.createdAt,
    })
    .from(contentVersions)
    .leftJoin(operators, eq(operators.id, contentVersions.operatorId))
    .where(and(eq(contentVersions.contentType, contentType), eq(contentVersions.contentId, contentId)))
    .orderBy(desc(contentVersions.version))
    .limit(100);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
