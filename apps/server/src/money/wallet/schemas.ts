import { coinTypes } from '@casino/contracts/constants';
import { z } from 'zod';

/**
 * The seamless-wallet API (docs/ARCHITECTURE.md 'Games'): what any game server, ours or an
 * aggregator's, calls to move a player's coins. Every request is signed (wallet-signature.ts);
 * every money call carries the game server's own transaction id, and repeating a call with the
 * same id moves nothing again and answers the first result. Amounts are decimals with at most two
 * places, like the rest of the API.
 */
const money = z
  .number()
  .min(0)
  .max(10_000_000)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'An amount has at most two decimal places');

const transactionId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9:_.-]+$/, 'A transaction id is 1-100 letters, digits or : _ . -');
const roundId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9:_.-]+$/, 'A round id is 1-100 letters, digits or : _ . -');
const userId = z.number().int().positive();
const gameId = z.number().int().positive().describe('masterCasinoGameId of the game being played');

export const walletBalanceBodySchema = z.object({ userId, coin: z.enum(coinTypes) });

export const walletBetBodySchema = z.object({
  transactionId,
  userId,
  gameId,
  roundId,
  coin: z.enum(coinTypes),
  amount: money.refine((value) => value > 0, 'A bet is more than zero'),
});

export const walletWinBodySchema = z.object({
  transactionId,
  userId,
  gameId,
  roundId,
  coin: z.enum(coinTypes),
  /** Zero closes a losing round. */
  amount: money,
});

export const walletRollbackBodySchema = z.object({
  transactionId,
  /** The bet to reverse. A rollback may arrive before its bet: that bet is then refused. */
  betTransactionId: transactionId,
  userId,
  gameId,
  roundId,
});

export const walletBetWinBodySchema = walletBetBodySchema.extend({
  /** The win's own transaction id: the round's win is recorded, and repeated, under it. */
  winTransactionId: transactionId,
  /** Zero closes a losing round. */
  winAmount: money,
});

export const walletBalanceResultSchema = z.object({
  userId,
  coin: z.enum(coinTypes),
  /** GC, or the SC total (bonus + unplayed + redeemable). */
  balance: z.number(),
});

export const walletMoveResultSchema = z.object({
  transactionId,
  coin: z.enum(coinTypes),
  balanceBefore: z.number(),
  balance: z.number(),
  /** True when this answer repeats an earlier call with the same transaction id. */
  replayed: z.boolean(),
});
export type WalletMoveResult = z.infer<typeof walletMoveResultSchema>;

export const walletBetWinResultSchema = z.object({ bet: walletMoveResultSchema, win: walletMoveResultSchema });
