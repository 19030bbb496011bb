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
  { path: 'money/webhooks', label: 'Failed webhooks', roles: adminAccess.webhooksReplay, load: () => import('./money/webhooks-page') },
  { path: 'money/refused-wins', label: 'Refused wins', roles: adminAccess.moneyRead, load: () => import('./money/refused-wins-page') },
  {
    path: 'referral-rewards',
    label: 'Referral rewards',
    roles: adminAccess.referralRewardsRead,
    load: () => import('./referrals/referral-rewards-page'),
  },
  { path: 'mail-in', label: 'Mail-in entries', roles: adminAccess.mailInDesk, load: () => import('./mail-in/mail-in-desk-page') },
  {
    path: 'mail-in/settings',
    label: 'Mail-in settings',
    roles: adminAccess.mailInDesk,
    load: () => import('./mail-in/mail-in-settings-page'),
  },
  { path: 'audit', label: 'Audit trail', roles: adminAccess.auditRead, load: () => import('./audit/audit-page') },
  { path: 'content/banners', label: 'Banners', roles: adminAccess.contentManage, load: () => import('./content/banners-page') },
  { path: 'content/popups', label: 'Popups', roles: adminAccess.contentManage, load: () => import('./content/popups-page') },
  { path: 'content/packages', label: 'Packages', roles: adminAccess.contentManage, load: () => import('./content/packages-page') },
  { path: 'content/spin-wheel', label: 'Spin wheel', roles: adminAccess.contentManage, load: () => import('./content/spin-wheel-page') },
  { path: 'content/vip-tiers', label: 'VIP tiers', roles: adminAccess.contentManage, load: () => import('./content/vip-tiers-page') },
  {
    path: 'content/site-config',
    label: 'Site config',
    roles: adminAccess.siteConfigRead,
    load: () => import('./content/site-config-page'),
  },
  { path: 'content/cms-pages', label: 'CMS pages', roles: adminAccess.contentManage, load: () => import('./content/cms-pages-page') },
  { path: 'reports', label: 'Reports', roles: adminAccess.reportsRead, load: () => import('./reports/reports-page') },
  { path: 'operators', label: 'Operators', roles: adminAccess.operatorsManage, load: () => import('./operators/operators-page') },
];

export function pagesFor(roles: readonly OperatorRole[]): AdminPage[] {
  return adminPages.filter((page) => holdsRole(roles, page.roles));
}
