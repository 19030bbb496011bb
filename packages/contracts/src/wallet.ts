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

// The socket payloads moved to realtime.ts (one file for every channel); re-exported for old imports.
export {
  INSUFFICIENT_BALANCE_MESSAGE,
  WALLET_NAMESPACE,
  walletEvents,
  type InsufficientBalanceEvent,
  type WalletBalanceEvent,
} from './realtime.js';
