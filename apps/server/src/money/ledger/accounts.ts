import type { Balances } from './types.js';

/**
 * The accounts of the ledger (docs/ARCHITECTURE.md 'The money core'). A player owns one account of each
 * PlayerAccountKind, created on first use; the house owns one account of each kind (promotions,
 * purchases, game play, payouts, adjustments) per coin, created by the migrations.
 */
export const playerAccountKinds = ['GC', 'SC_BONUS', 'SC_UNPLAYED', 'SC_REDEEMABLE', 'SC_PENDING_REDEMPTION'] as const;
export type PlayerAccountKind = (typeof playerAccountKinds)[number];

/** The player's accounts by kind, balances in hundredths (missing accounts are zero). */
export type PlayerAccountBalances = Record<PlayerAccountKind, number>;

export function emptyPlayerBalances(): PlayerAccountBalances {
  return { GC: 0, SC_BONUS: 0, SC_UNPLAYED: 0, SC_REDEEMABLE: 0, SC_PENDING_REDEMPTION: 0 };
}

export function toBalances(accounts: PlayerAccountBalances): Balances {
  return { gc: accounts.GC, bsc: accounts.SC_BONUS, psc: accounts.SC_UNPLAYED, wsc: accounts.SC_REDEEMABLE };
}
