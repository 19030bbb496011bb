import { z } from 'zod';
import { coinTypes } from './constants.js';
import { LIVE_GAME_WINNERS, LIVE_WINNERS_NAMESPACE } from './game-constants.js';
import { liveWinnersSchema, type LiveWinners } from './games.js';
import type { UserWallet } from './wallet.js';
import { INSUFFICIENT_BALANCE_MESSAGE, WALLET_NAMESPACE, walletEvents } from './wallet-events.js';

/**
 * The socket channels' payloads, typed once for both ends (docs/ARCHITECTURE.md 'Realtime', seed 000 sections
 * 3 and 4 'Sockets'): the server emits these types, the web app parses with these schemas. The
 * channel and event names stay in the zod-free files (wallet-events.ts, game-constants.ts) so a
 * first page can name them without loading zod; they are re-exported here for one import.
 */
export { INSUFFICIENT_BALANCE_MESSAGE, LIVE_GAME_WINNERS, LIVE_WINNERS_NAMESPACE, WALLET_NAMESPACE, walletEvents };

// ---------------------------------------------------------------- /wallet

/** USER_WALLET_BALANCE (seed: gcCoin, scCoin, wsc, bsc; psc too): scCoin is the SC total. */
export const walletBalanceEventSchema = z.object({
  gcCoin: z.number(),
  /** wsc + bsc + psc. */
  scCoin: z.number(),
  wsc: z.number(),
  bsc: z.number(),
  psc: z.number(),
});
export type WalletBalanceEvent = z.infer<typeof walletBalanceEventSchema>;

/** INSUFFICIENT_BALANCE: a bet in `coin` was refused for lack of funds; `message` is the seed's toast. */
export const insufficientBalanceEventSchema = z.object({
  coin: z.enum(coinTypes),
  message: z.string(),
});
export type InsufficientBalanceEvent = z.infer<typeof insufficientBalanceEventSchema>;

/**
 * What the /wallet namespace sends to a player: socket.io's typed ServerToClientEvents (a type,
 * not an interface, so that it fits socket.io's string-indexed event maps).
 */
export type WalletServerToClientEvents = {
  [walletEvents.balance]: (payload: WalletBalanceEvent) => void;
  [walletEvents.insufficientBalance]: (payload: InsufficientBalanceEvent) => void;
};

/** A balance event -> the profile's userWallet shape (the header reads one shape). */
export function walletFromBalanceEvent(event: WalletBalanceEvent): UserWallet {
  return { gcCoin: event.gcCoin, totalScCoin: event.scCoin, scCoin: { wsc: event.wsc, bsc: event.bsc, psc: event.psc } };
}

// ---------------------------------------------------------------- /live-winners

/**
 * LIVE_GAME_WINNERS: the latest wins, newest first, at most 10 (seed 000 'Winner': userId, amount,
 * currency; plus the masked username and the game). The same shape as GET /casino-games/live-winners.
 */
export const liveWinnersEventSchema = liveWinnersSchema;
export type LiveWinnersEvent = LiveWinners;

/** What the /live-winners namespace sends to every listener (socket.io's ServerToClientEvents). */
export type LiveWinnersServerToClientEvents = {
  [LIVE_GAME_WINNERS]: (payload: LiveWinnersEvent) => void;
};
