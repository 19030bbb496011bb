/**
 * The wallet socket channel's names and texts (docs/ARCHITECTURE.md 'Realtime', seed 000 sections 3 and 4),
 * kept free of zod so the web app's first page can import them without the schema library.
 */
export const WALLET_NAMESPACE = '/wallet';

export const walletEvents = {
  /** After every committed balance change of the player, and once on connect. */
  balance: 'USER_WALLET_BALANCE',
  /** A bet was refused for lack of funds. */
  insufficientBalance: 'INSUFFICIENT_BALANCE',
} as const;

/** The toast an INSUFFICIENT_BALANCE event shows (seed 000 section 4 'Sockets'). */
export const INSUFFICIENT_BALANCE_MESSAGE = 'You do not have sufficient coins';
