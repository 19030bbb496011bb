import { describe, expect, it } from 'vitest';
import { accountDetailsPath, accountTabOf } from './account-paths';

describe('the account page address', () => {
  it('names the open tab in the tab query parameter', () => {
    expect(accountDetailsPath()).toBe('/user/account-details');
    expect(accountDetailsPath('verification')).toBe('/user/account-details?tab=verification');
    expect(accountDetailsPath('redeem')).toBe('/user/account-details?tab=redeem');
  });

  it('opens Account for an absent or unknown tab', () => {
    expect(accountTabOf(null)).toBe('account');
    expect(accountTabOf('nope')).toBe('account');
    expect(accountTabOf('bet-history')).toBe('bet-history');
  });
});
