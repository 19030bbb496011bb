import { adminAccess, holdsRole, type OperatorRole } from '@casino/contracts/admin';
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
  /** false: reached from another page (a player's page), not listed in the navigation. */
  nav?: boolean;
}

/** Every page of the back office. A desk adds its pages here; the server checks the same roles. */
export const adminPages: readonly AdminPage[] = [
  { path: 'players', label: 'Players', roles: adminAccess.playersRead, load: () => import('./players/players-page') },
  { path: 'players/:userId', label: 'Player', roles: adminAccess.playersRead, load: () => import('./players/player-page'), nav: false },
  { path: 'redemptions', label: 'Redemptions', roles: adminAccess.moneyRead, load: () => import('./money/redemptions-page') },
  { path: 'purchases', label: 'Purchases', roles: adminAccess.moneyRead, load: () => import('./money/purchases-page') },
  { path: 'reconciliation', label: 'Reconciliation', roles: adminAccess.moneyRead, load: () => import('./money/reconciliation-page') },
  { path: 'audit', label: 'Audit trail', roles: adminAccess.auditRead, load: () => import('./audit/audit-page') },
  { path: 'operators', label: 'Operators', roles: adminAccess.operatorsManage, load: () => import('./operators/operators-page') },
];

export function pagesFor(roles: readonly OperatorRole[]): AdminPage[] {
  return adminPages.filter((page) => holdsRole(roles, page.roles));
}
