import type { Balances, Coin, LedgerReason } from './types.js';

/**
 * A deliberately simple in-memory model of the ledger's rules, for the property tests: plain
 * numbers per balance, a map of idempotency keys, no accounts, no entries. The real ledger must
 * agree with it on every balance and every refusal.
 */
export type LedgerOp =
  | { kind: 'bonus'; gc: number; sc: number }
  | { kind: 'purchase'; gc: number; sc: number }
  | { kind: 'bet'; coin: Coin; amount: number }
  | { kind: 'win'; coin: Coin; amount: number }
  | { kind: 'rollback'; betKey: string }
  | { kind: 'toPending'; amount: number }
  | { kind: 'release'; amount: number; outcome: 'cancelled' | 'failed' | 'paid' };

export type ModelOutcome =
  | { ok: true; replayed: boolean; balancesBefore: Balances; balancesAfter: Balances; sameAs?: string }
  | { ok: false; error: 'InsufficientBalance' | 'IdempotencyKeyReused' | 'NotFound' | 'RequestInputValidation' };

interface Recorded {
  op: LedgerOp;
  reason: LedgerReason;
  balancesBefore: Balances;
  balancesAfter: Balances;
  /** For bets: what was taken from each balance, so a rollback can put it back. */
  taken?: Balances;
  rolledBackBy?: string;
}

export class LedgerModel {
  /** Amounts the ledger refuses as input: nothing to credit, or a zero bet or redemption move. */
  static invalid(op: LedgerOp): boolean {
    switch (op.kind) {
      case 'bonus':
      case 'purchase':
        return op.gc === 0 && op.sc === 0;
      case 'bet':
      case 'toPending':
      case 'release':
        return op.amount === 0;
      case 'win':
      case 'rollback':
        return false;
    }
  }

  balances: Balances = { gc: 0, bsc: 0, psc: 0, wsc: 0 };
  pending = 0;
  private readonly transfers = new Map<string, Recorded>();

  apply(key: string, op: LedgerOp): ModelOutcome {
    // A malformed request is refused before its key is looked at, as the ledger checks its input
    // before the movement (a zero bet under a used key is invalid, not a key reuse).
    if (LedgerModel.invalid(op)) return { ok: false, error: 'RequestInputValidation' };
    const known = this.transfers.get(key);
    if (known) {
      if (JSON.stringify(known.op) !== JSON.stringify(op)) return { ok: false, error: 'IdempotencyKeyReused' };
      return { ok: true, replayed: true, balancesBefore: known.balancesBefore, balancesAfter: known.balancesAfter };
    }
    const before = { ...this.balances };
    const after = { ...before };
    let taken: Balances | undefined;
    let pendingAfter = this.pending;
    let reason: LedgerReason;
    switch (op.kind) {
      case 'bonus':
      case 'purchase':
        if (op.gc === 0 && op.sc === 0) return { ok: false, error: 'RequestInputValidation' };
        after.gc += op.gc;
        if (op.kind === 'bonus') after.bsc += op.sc;
        else after.psc += op.sc;
        reason = op.kind === 'bonus' ? 'daily_bonus' : 'purchase';
        break;
      case 'bet': {
        if (op.amount === 0) return { ok: false, error: 'RequestInputValidation' };
        taken = { gc: 0, bsc: 0, psc: 0, wsc: 0 };
        if (op.coin === 'GC') {
          if (before.gc < op.amount) return { ok: false, error: 'InsufficientBalance' };
          taken.gc = op.amount;
        } else {
          if (before.bsc + before.psc + before.wsc < op.amount) return { ok: false, error: 'InsufficientBalance' };
          let remaining = op.amount;
          for (const part of ['bsc', 'psc', 'wsc'] as const) {
            taken[part] = Math.min(remaining, before[part]);
            remaining -= taken[part];
          }
        }
        for (const part of ['gc', 'bsc', 'psc', 'wsc'] as const) after[part] -= taken[part];
        reason = 'bet';
        break;
      }
      case 'win':
        if (op.coin === 'GC') after.gc += op.amount;
        else after.wsc += op.amount;
        reason = 'win';
        break;
      case 'rollback': {
        const bet = this.transfers.get(op.betKey);
        if (!bet || bet.reason !== 'bet' || !bet.taken) return { ok: false, error: 'NotFound' };
        if (bet.rolledBackBy) {
          const first = this.transfers.get(bet.rolledBackBy)!;
          return {
            ok: true,
            replayed: true,
            balancesBefore: first.balancesBefore,
            balancesAfter: first.balancesAfter,
            sameAs: bet.rolledBackBy,
          };
        }
        for (const part of ['gc', 'bsc', 'psc', 'wsc'] as const) after[part] += bet.taken[part];
        bet.rolledBackBy = key;
        reason = 'bet_rollback';
        break;
      }
      case 'toPending':
        if (op.amount === 0) return { ok: false, error: 'RequestInputValidation' };
        if (before.wsc < op.amount) return { ok: false, error: 'InsufficientBalance' };
        after.wsc -= op.amount;
        pendingAfter += op.amount;
        reason = 'redemption_pending';
        break;
      case 'release':
        if (op.amount === 0) return { ok: false, error: 'RequestInputValidation' };
        if (this.pending < op.amount) return { ok: false, error: 'InsufficientBalance' };
        pendingAfter -= op.amount;
        if (op.outcome !== 'paid') after.wsc += op.amount;
        reason = op.outcome === 'paid' ? 'redemption_paid' : op.outcome === 'cancelled' ? 'redemption_cancelled' : 'redemption_failed';
        break;
    }
    this.transfers.set(key, { op, reason, balancesBefore: before, balancesAfter: after, ...(taken ? { taken } : {}) });
    this.balances = after;
    this.pending = pendingAfter;
    return { ok: true, replayed: false, balancesBefore: before, balancesAfter: after };
  }
}
