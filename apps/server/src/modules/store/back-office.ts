import { asc, eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.js';
import { packages } from '../../db/schema/index.js';

/**
 * What the back office reads and changes of the store's packages. The caller holds the
 * transaction, so a change, its kept version and its audit record commit together.
 */
export type PackageRow = typeof packages.$inferSelect;

/** What an operator sets on a package (its name stays as created). */
export type PackageColumns = Omit<typeof packages.$inferInsert, 'id' | 'slug' | 'version' | 'createdAt' | 'updatedAt'>;

export const listAllPackages = (db: Database): Promise<PackageRow[]> =>
  db.select().from(packages).orderBy(asc(packages.orderId), asc(packages.id));

export async function packageExists(executor: DbExecutor, packageId: number): Promise<boolean> {
  const rows = await executor.select({ id: packages.id }).from(packages).where(eq(packages.id, packageId));
  return rows.length > 0;
}

/** A new package, or undefined when its name is taken (the unique name decides, also between two operators at once). */
export async function insertPackage(tx: DbExecutor, slug: string, columns: PackageColumns): Promise<PackageRow | undefined> {
  const [row] = await tx
    .insert(packages)
    .values({ slug, ...columns })
    .onConflictDoNothing({ target: packages.slug })
    .returning();
  return row;
}

/** The package, its row locked until the caller's transaction ends. */
export async function lockPackage(tx: DbExecutor, packageId: number): Promise<PackageRow | undefined> {
  const [row] = await tx.select().from(packages).where(eq(packages.id, packageId)).for('update');
  return row;
}

export async function updatePackage(tx: DbExecutor, packageId: number, columns: PackageColumns, version: number): Promise<PackageRow> {
  const [row] = await tx
    .update(packages)
    .set({ ...columns, version })
    .where(eq(packages.id, packageId))
    .returning();
  return row!;
}
