/**
 * The profile page's address (seed 001 section 2 'Profile page'): /user/account-details with the
 * open tab in the `tab` query parameter, so links and the back button reach a tab. Features that
 * link to a tab (redeem's 'Complete Verification', the store) import this file; app/paths.ts
 * re-exports the builder.
 */
export const accountTabs = ['account', 'verification', 'security', 'responsible-play', 'bet-history', 'transactions', 'redeem'] as const;

export type AccountTab = (typeof accountTabs)[number];

export const accountDetailsRoute = '/user/account-details';

export function accountDetailsPath(tab?: AccountTab): string {
  return tab ? `${accountDetailsRoute}?tab=${tab}` : accountDetailsRoute;
}

/** The tab named by a `tab` query value; an absent or unknown one opens Account. */
export function accountTabOf(value: string | null): AccountTab {
  return accountTabs.find((tab) => tab === value) ?? 'account';
}
