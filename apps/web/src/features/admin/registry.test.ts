import { describe, expect, it } from 'vitest';
import { pagesFor } from './registry';

describe('the back office navigation', () => {
  it('lists only the pages the operator roles allow', () => {
    const navOf = (...roles: Parameters<typeof pagesFor>[0]) =>
      pagesFor(roles)
        .filter((page) => page.nav !== false)
        .map((page) => page.label);
    expect(navOf('support')).toEqual(['Players', 'Mail-in entries', 'Mail-in settings']);
    expect(navOf('compliance')).toEqual([
      'Players',
      'Redemptions',
      'Purchases',
      'Reconciliation',
      'Refused wins',
      'Referral rewards',
      'Mail-in entries',
      'Mail-in settings',
      'Audit trail',
      'Site config',
      'Reports',
    ]);
    expect(navOf('payments')).toEqual([
      'Players',
      'Redemptions',
      'Purchases',
      'Reconciliation',
      'Failed webhooks',
      'Refused wins',
      'Referral rewards',
      'Reports',
    ]);
    expect(navOf('content')).toEqual(['Banners', 'Popups', 'Packages', 'Spin wheel', 'VIP tiers', 'Site config', 'CMS pages']);
    expect(navOf('support', 'compliance')).toEqual([
      'Players',
      'Redemptions',
      'Purchases',
      'Reconciliation',
      'Refused wins',
      'Referral rewards',
      'Mail-in entries',
      'Mail-in settings',
      'Audit trail',
      'Site config',
      'Reports',
    ]);
    expect(navOf('admin')).toEqual([
      'Players',
      'Redemptions',
      'Purchases',
      'Reconciliation',
      'Failed webhooks',
      'Refused wins',
      'Referral rewards',
      'Mail-in entries',
      'Mail-in settings',
      'Audit trail',
      'Banners',
      'Popups',
      'Packages',
      'Spin wheel',
      'VIP tiers',
      'Site config',
      'CMS pages',
      'Reports',
      'Operators',
    ]);
  });
});
