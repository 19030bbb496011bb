import type { UserWallet } from '@casino/contracts/wallet';
import type { QueryClient } from '@tanstack/react-query';
import { updateProfile, useProfile } from '../auth';
import { createBalanceHold } from './balance-hold';

/**
 * The player's balances are the profile's userWallet (one copy of the player, features/auth
 * profile.ts): the wallet socket (USER_WALLET_BALANCE, also sent on every connect) and responses
 * that carry a wallet (a bonus claim) write into that cached profile, and the header reads it.
 */
export function useWallet(): UserWallet | null {
  return useProfile().data?.userWallet ?? null;
}

/** New balances from the server: written into the cached profile, which every reader follows. */
export function applyWallet(queryClient: QueryClient, wallet: UserWallet): void {
  updateProfile(queryClient, (profile) => ({ ...profile, userWallet: wallet }));
}

/**
 * Balances pushed by the wallet socket pass through this hold: the game page holds them while a
 * round's outcome is hidden and releases them when it shows it (game-play-page.tsx).
 */
export const walletHold = createBalanceHold<{ queryClient: QueryClient; wallet: UserWallet }>(({ queryClient, wallet }) =>
  applyWallet(queryClient, wallet),
);
