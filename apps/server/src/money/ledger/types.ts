import type { DbExecutor, Transaction } from '../../db/client.js';

/**
 * The wallet's public interface (docs/ARCHITECTURE.md 'The money core'). Every feature that moves coins
 * (bonuses, games through the seamless-wallet API, store, redemption, VIP) calls this and nothing
 * else; amounts are integer hundredths (`number`, always a safe integer).
 *
 * A movement never opens a transaction of its own: it is written inside the caller's (the unit of
 * work of one business action, events/event-bus.ts), together with the action's own rows, so that
 * the action and its coins commit together or not at all (docs/ARCHITECTURE.md 'The money core').
 *
 * Every call carries an idempotency key: replaying a key returns the first result and moves
 * nothing; the same key with a different request is refused (AppError 'IdempotencyKeyReused').
 * A movement that would take a balance below zero is refused (AppError 'InsufficientBalance').
 */
export type Coin = 'GC' | 'SC';

/** Why coins moved; the transaction history of seed 001 is read from these. */
export type LedgerReason =
  | 'welcome_bonus'
  | 'daily_bonus'
  | 'bet'
  | 'win'
  | 'bet_rollback'
  | 'purchase'
  | 'redemption_pending'
  | 'redemption_cancelled'
  | 'redemption_paid'
  | 'redemption_failed'
  | 'vip_reward'
  | 'spin_wheel'
  | 'adjustment'
  | 'promo_code'
  | 'referral_reward'
  | 'rakeback'
  | 'purchase_reversal'
  | 'referral_reward_reversal'
  | 'mail_in_entry';

/** A player's balances in hundredths: GC, and SC split into bonus, unplayed and redeemable. */
export interface Balances {
  gc: number;
  bsc: number;
  psc: number;
  wsc: number;
}

export interface TransferResult {
  transferId: number;
  /** True when this call replayed an earlier one with the same key and moved nothing. */
  replayed: boolean;
  balancesBefore: Balances;
  balancesAfter: Balances;
}

export interface MovementMeta {
  /** Free-form reference to the business object (round id, bonus id, purchase id...). */
  reference?: string;
  details?: Record<string, unknown>;
}

export interface LedgerService {
  balances(userId: number, db?: DbExecutor): Promise<Balances>;
  /** Several players' balances in one query (a player without accounts has zeros). */
  balancesOf(userIds: readonly number[], db?: DbExecutor): Promise<Map<number, Balances>>;
  /** Bonus coins: GC to the GC account, SC to the bonus (bsc) account. */
  creditBonus(
    executor: DbExecutor,
    input: { userId: number; gc: number; sc: number; reason: LedgerReason; idempotencyKey: string } & MovementMeta,
  ): Promise<TransferResult>;
  /** Purchased coins: GC to GC, SC to unplayed (psc). */
  creditPurchase(
    executor: DbExecutor,
    input: { userId: number; gc: number; sc: number; idempotencyKey: string } & MovementMeta,
  ): Promise<TransferResult>;
  /** A bet: GC from GC; SC from bonus, then unplayed, then redeemable. */
  debitBet(
    executor: DbExecutor,
    input: { userId: number; coin: Coin; amount: number; idempotencyKey: string } & MovementMeta,
  ): Promise<TransferResult>;
  /** A win: GC to GC; SC to redeemable (wsc). A zero win records the transfer and moves nothing. */
  creditWin(
    executor: DbExecutor,
    input: { userId: number; coin: Coin; amount: number; idempotencyKey: string } & MovementMeta,
  ): Promise<TransferResult>;
  /**
   * Takes a purchase or a referral reward of the player back, once (a refund, a chargeback): from
   * each account it went to, at most what that account still holds, never below zero. What the
   * player had played already stays played; balancesBefore minus balancesAfter is what was taken.
   */
  reverseCredit(
    executor: DbExecutor,
    input: {
      userId: number;
      creditIdempotencyKey: string;
      reason: 'purchase_reversal' | 'referral_reward_reversal';
      idempotencyKey: string;
    } & MovementMeta,
  ): Promise<TransferResult>;
  /** Reverses the bet with that key exactly (each SC part back where it came from). */
  rollbackBet(
    executor: DbExecutor,
    input: { userId: number; betIdempotencyKey: string; idempotencyKey: string } & MovementMeta,
  ): Promise<TransferResult>;
  /**
   * Redeemable SC into the player's pending-redemption account, and back on cancel/failure; when
   * paid it leaves to the house's payouts account. Pending is kept per player so that a release can
   * never exceed what that player has pending (the same non-negative check as every player account).
   */
  moveToPendingRedemption(
    executor: DbExecutor,
    input: { userId: number; amount: number; idempotencyKey: string } & MovementMeta,
  ): Promise<TransferResult>;
  releasePendingRedemption(
    executor: DbExecutor,
    input: { userId: number; amount: number; idempotencyKey: string; outcome: 'cancelled' | 'failed' | 'paid' } & MovementMeta,
  ): Promise<TransferResult>;
  /**
   * An operator's correction: a signed amount into (or out of) one of the player's
   * spendable accounts, balanced by the house's ADJUSTMENTS account; refused below zero.
   */
  adjustBalance(
    executor: DbExecutor,
    input: {
      userId: number;
      account: 'GC' | 'SC_BONUS' | 'SC_UNPLAYED' | 'SC_REDEEMABLE';
      amount: number;
      idempotencyKey: string;
    } & MovementMeta,
  ): Promise<TransferResult>;
  /**
   * A page of a player's movements, newest first, for the transaction history. `page` starts at
   * 1; `from` is inclusive and `to` exclusive. gc and sc are the change of the player's GC and
   * spendable SC (bsc + psc + wsc): a paid redemption moves SC that was already pending, so its sc is 0.
   */
  history(input: { userId: number; reasons?: LedgerReason[]; from?: Date; to?: Date; page: number; limit: number }): Promise<{
    rows: { transferId: number; reason: LedgerReason; reference: string | null; gc: number; sc: number; createdAt: Date }[];
    count: number;
  }>;
  /**
   * Locks the player's accounts for the rest of the transaction (creating them on first use):
   * every money action of one player takes this lock first, so its checks (is this round settled?
   * was this bet rolled back?) and its movement see the same state (docs/ARCHITECTURE.md 'The money core').
   */
  lockPlayer(tx: Transaction, userId: number): Promise<void>;
  /** The transfer recorded under an idempotency key, if any (e.g. "was today's bonus claimed"). */
  findTransfer(idempotencyKey: string, db?: DbExecutor): Promise<TransferRecord | null>;
  /** Redeemable SC of the player held pending redemption, in hundredths. */
  pendingRedemption(userId: number, db?: DbExecutor): Promise<number>;
}

export interface TransferRecord {
  transferId: number;
  userId: number;
  reason: LedgerReason;
  reference: string | null;
  createdAt: Date;
}
