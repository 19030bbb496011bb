import { asc, eq } from 'drizzle-orm';
import type { SiteConfigItem } from '@casino/contracts/site-config';
import type { Database } from '../../db/client.js';
import { siteConfig } from '../../db/schema/index.js';

/** The site configuration's queries (docs/ARCHITECTURE.md 'Data layer'). */
export function createSiteConfigRepository(db: Database) {
  return {
    allItems: (): Promise<SiteConfigItem[]> =>
      db.select({ key: siteConfig.key, value: siteConfig.value }).from(siteConfig).orderBy(asc(siteConfig.key)),

    async findValue(key: string): Promise<string | undefined> {
      const [row] = await db.select({ value: siteConfig.value }).from(siteConfig).where(eq(siteConfig.key, key));
      return row?.value;
    },
  };
}
