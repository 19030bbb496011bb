import type { Balances, Coin } from './types.js';

/**
 * The accounts of the ledger (docs/ARCHITECTURE.md 'The money core'). A player owns one account of each
 * PlayerAccountKind, created on first use; the house owns one account of each HouseAccountKind per
 * coin, created by migration 0020.
 */
export const playerAccountKinds = ['GC', 'SC_BONUS', 'SC_UNPLAYED', 'SC_REDEEMABLE', 'SC_PENDING_REDEMPTION'] as const;
export type PlayerAccountKind = (typeof playerAccountKinds)[number];

export const houseAccountKinds = ['PROMOTIONS', 'PURCHASES', 'GAME_PLAY', 'PAYOUTS', 'ADJUSTMENTS'] as const;
export type HouseAccountKind = (typeof houseAccountKinds)[number];

export function coinOfPlayerAccount(kind: PlayerAccountKind): Coin {
  return kind === 'GC' ? 'GC' : 'SC';
}

/** The player's accounts by kind, balances in hundredths (missing accounts are zero). */
export type PlayerAccountBalances = Record<PlayerAccountKind, number>;

export function emptyPlayerBalances(): PlayerAccountBalances {
  return { GC: 0, SC_BONUS: 0, SC_UNPLAYED: 0, SC_REDEEMABLE: 0, SC_PENDING_REDEMPTION: 0 };
}

export function toBalances(accounts: PlayerAccountBalances): Balances {
  return { gc: accounts.GC, bsc: accounts.SC_BONUS, psc: accounts.SC_UNPLAYED, wsc: accounts.SC_REDEEMABLE };
}

/** One side of a movement: a signed amount into (+) or out of (-) an account. */
export type Leg = { player: PlayerAccountKind; amount: number } | { house: HouseAccountKind; coin: Coin; amount: number };

/** An SC bet takes bonus SC first, then unplayed, then redeemable (docs/ARCHITECTURE.md 'The money core'). */
export const SC_DEBIT_ORDER = ['SC_BONUS', 'SC_UNPLAYED', 'SC_REDEEMABLE'] as const satisfies readonly PlayerAccountKind[];
