import { INSUFFICIENT_BALANCE_MESSAGE } from '@casino/contracts/wallet-events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useAuthStore } from '../auth';
import { useCoinStore } from './coin-store';
import { walletHold } from './wallet-store';

/**
 * Keeps the wallet socket open while the player's details exist (seed 000 section 4 'Sockets'):
 * connects when a user is stored, disconnects on logout and when the page unloads. Balances go to
 * the header live (held while a game hides a round's outcome: walletHold); an insufficient-balance
 * event shows the seed's toast. The socket client is
 * loaded only for signed-in players, so visitors never download it.
 */
export function WalletConnection() {
  const userId = useAuthStore((state) => (state.isAuthenticated ? state.user?.userId : undefined));
  const queryClient = useQueryClient();
  const previousUserId = useRef(userId);

  useEffect(() => {
    // Login success sets the coin to SC (seed 000 section 4); a reload of a signed-in page keeps it.
    if (previousUserId.current === undefined && userId !== undefined) useCoinStore.getState().setCoin('SC');
    previousUserId.current = userId;
    if (userId === undefined) {
      walletHold.cancel();
      return;
    }
    let close: (() => void) | undefined;
    let stopped = false;
    void import('./wallet-socket').then(({ openWalletSocket }) => {
      if (stopped) return;
      close = openWalletSocket({
        onBalance: (wallet) => walletHold.offer({ queryClient, wallet }),
        onInsufficientBalance: () => toast.error(INSUFFICIENT_BALANCE_MESSAGE),
      });
    });
    const onPageHide = () => close?.();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      stopped = true;
      window.removeEventListener('pagehide', onPageHide);
      close?.();
    };
  }, [userId, queryClient]);

  return null;
}
