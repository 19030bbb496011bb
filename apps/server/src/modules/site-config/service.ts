import type { SiteConfigItem } from '@casino/contracts/site-config';
import type { Database } from '../../db/client.js';
import { createSiteConfigRepository } from './repository.js';

export interface SiteConfigService {
  list(): Promise<SiteConfigItem[]>;
  get(key: string): Promise<string | undefined>;
}

export function createSiteConfigService(db: Database): SiteConfigService {
  const repository = createSiteConfigRepository(db);
  return {
    list: () => repository.allItems(),
    get: (key) => repository.findValue(key),
  };
}
