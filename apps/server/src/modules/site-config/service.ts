import { asc } from 'drizzle-orm';
import type { SiteConfigItem } from '@casino/contracts/site-config';
import type { Database } from '../../db/client.js';
import { siteConfig } from '../../db/schema/index.js';

export interface SiteConfigService {
  list(): Promise<SiteConfigItem[]>;
  get(key: string): Promise<string | undefined>;
}

export function createSiteConfigService(db: Database): SiteConfigService {
  return {
    list: () => db.select({ key: siteConfig.key, value: siteConfig.value }).from(siteConfig).orderBy(asc(siteConfig.key)),
    get: async (key) => {
      const rows = await db.query.siteConfig.findFirst({ where: (table, { eq }) => eq(table.key, key) });
      return rows?.value;
    },
  };
}
