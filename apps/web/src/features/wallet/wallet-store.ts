import type { UserWallet } from '@casino/contracts/wallet';
import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { useAuthStore } from '../auth/auth-store';
import { profileQueryKey } from '../auth/profile';
import { createBalanceHold } from './balance-hold';

/**
 * The player's live balances: set by the wallet socket (USER_WALLET_BALANCE, also sent on every
 * connect) and by responses that carry a wallet (a bonus claim). Until the first of those arrives
 * the header shows the userWallet stored with the user details.
 */
interface WalletState {
  wallet: UserWallet | null;
  setWallet: (wallet: UserWallet) => void;
  clear: () => void;
}

export const useWalletStore = create<WalletState>()((set) => ({
  wallet: null,
  setWallet: (wallet) => set({ wallet }),
  clear: () => set({ wallet: null }),
}));

/** The balances to show: the live ones, else those stored with the user details. */
export function useWallet(): UserWallet | null {
  const live = useWalletStore((state) => state.wallet);
  const stored = useAuthStore((state) => state.user?.userWallet ?? null);
  return live ?? stored;
}

/**
 * Balances pushed by the wallet socket pass through this hold: the game page holds them while a
 * round's outcome is hidden and releases them when it shows it (game-play-page.tsx).
 */
export const walletHold = createBalanceHold<{ queryClient: QueryClient; wallet: UserWallet }>(({ queryClient, wallet }) =>
  applyWallet(queryClient, wallet),
);

/** New balances from the server: the header, the stored user and the cached profile all agree. */
export function applyWallet(queryClient: QueryClient, wallet: UserWallet): void {
  useWalletStore.getState().setWallet(wallet);
  useAuthStore.getState().updateUser({ userWallet: wallet });
  queryClient.setQueryData<Record<string, unknown>>(profileQueryKey, (profile) => (profile ? { ...profile, userWallet: wallet } : profile));
}
