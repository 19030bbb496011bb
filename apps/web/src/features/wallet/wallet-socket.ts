import {
  WALLET_NAMESPACE,
  walletBalanceEventSchema,
  walletEvents,
  walletFromBalanceEvent,
  type WalletServerToClientEvents,
} from '@casino/contracts/realtime';
import type { UserWallet } from '@casino/contracts/wallet';
import { createChannel } from '../../lib/socket';

/**
 * The wallet channel's client (docs/ARCHITECTURE.md 'Realtime'), typed by the contracts' event map and parsed
 * with its schemas. Loaded on demand by WalletConnection, so the socket client and the payload
 * schema stay out of the first page a visitor downloads.
 */
export interface WalletSocketHandlers {
  onBalance: (wallet: UserWallet) => void;
  onInsufficientBalance: () => void;
}

/** Opens the channel; the returned function closes it. */
export function openWalletSocket(handlers: WalletSocketHandlers): () => void {
  const socket = createChannel<WalletServerToClientEvents>(WALLET_NAMESPACE);
  socket.on(walletEvents.balance, (payload) => {
    const event = walletBalanceEventSchema.safeParse(payload);
    if (event.success) handlers.onBalance(walletFromBalanceEvent(event.data));
  });
  socket.on(walletEvents.insufficientBalance, () => handlers.onInsufficientBalance());
  socket.connect();
  return () => {
    socket.removeAllListeners();
    socket.disconnect();
  };
}
