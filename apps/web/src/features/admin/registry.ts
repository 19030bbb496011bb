import type { OperatorRole } from '@casino/contracts/admin';
import type { ComponentType } from 'react';

/**
 * A page of the back office (/admin/...): the shell lists the pages the signed-in operator's
 * roles allow in its navigation and loads each page's code only when it is opened.
 */
export interface AdminPage {
  /** Path under /admin, e.g. 'players' or 'content/banners'. */
  path: string;
  label: string;
  roles: readonly OperatorRole[];
  load: () => Promise<{ default: ComponentType }>;
}
