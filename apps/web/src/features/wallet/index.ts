/** The wallet feature's public entry: the balances, their hold during a round, and the header's wallet. */
export { useCoinStore } from './coin-store';
export { WalletConnection } from './wallet-connection';
export { WalletHeaderActions } from './wallet-header-actions';
export { applyWallet, walletHold } from './wallet-store';
