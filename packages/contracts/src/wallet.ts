import { z } from 'zod';

/**
 * The wallet as the client sees it (seed 000 section 3 'User details', seed 001 section 3): GC,
 * and SC split into redeemable (wsc), bonus (bsc) and unplayed (psc). Amounts are decimals with at
 * most two places (packages/contracts/src/money.ts converts from the ledger's hundredths).
 */
export const scCoinSchema = z.object({
  /** Redeemable SC: won in play; the only SC that can be redeemed. */
  wsc: z.number(),
  /** Bonus SC: from bonuses; played first. */
  bsc: z.number(),
  /** Unplayed SC: from purchases; played after bonus SC. */
  psc: z.number(),
});

export const userWalletSchema = z.object({
  gcCoin: z.number(),
  totalScCoin: z.number(),
  scCoin: scCoinSchema,
});
export type UserWallet = z.infer<typeof userWalletSchema>;

export { INSUFFICIENT_BALANCE_MESSAGE, WALLET_NAMESPACE, walletEvents } from './wallet-events.js';

/** USER_WALLET_BALANCE payload: scCoin is the SC total (wsc + bsc + psc). */
export const walletBalanceEventSchema = z.object({
  gcCoin: z.number(),
  scCoin: z.number(),
  wsc: z.number(),
  bsc: z.number(),
  psc: z.number(),
});
export type WalletBalanceEvent = z.infer<typeof walletBalanceEventSchema>;

export const insufficientBalanceEventSchema = z.object({
  coin: z.enum(['GC', 'SC']),
  message: z.string(),
});
export type InsufficientBalanceEvent = z.infer<typeof insufficientBalanceEventSchema>;

/** Balance event payload -> the profile's userWallet shape (the header reads one shape). */
export function walletFromBalanceEvent(event: WalletBalanceEvent): UserWallet {
  return { gcCoin: event.gcCoin, totalScCoin: event.scCoin, scCoin: { wsc: event.wsc, bsc: event.bsc, psc: event.psc } };
}
