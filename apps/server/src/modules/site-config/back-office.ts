import { inArray, sql } from 'drizzle-orm';
import type { SiteConfigItem } from '@casino/contracts/site-config';
import type { DbExecutor } from '../../db/client.js';
import { siteConfig } from '../../db/schema/index.js';

/**
 * What the back office reads and changes of the site configuration. The caller holds the
 * transaction, so a change, its kept version and its audit record commit together.
 */

/** The stored values of these keys (their rows locked until the transaction ends with `lock`). */
export async function configItems(executor: DbExecutor, keys: readonly string[], lock?: 'lock'): Promise<SiteConfigItem[]> {
  const query = executor
    .select({ key: siteConfig.key, value: siteConfig.value })
    .from(siteConfig)
    .where(inArray(siteConfig.key, [...keys]));
  return lock ? query.for('update') : query;
}

/** Sets each key's value, adding the keys not stored yet. */
export async function saveConfigItems(tx: DbExecutor, items: readonly SiteConfigItem[]): Promise<void> {
  await tx
    .insert(siteConfig)
    .values([...items])
    .onConflictDoUpdate({ target: siteConfig.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
}
