import { betsRefused, coinsWagered, coinsWon, ledgerMovements, roundsPlayed } from '../../observability/metrics.js';
import type { Coin } from '../ledger/types.js';

/**
 * What the wallet counts for the operator's metrics (observability/metrics.ts): each bet, win and
 * rollback once, when its transaction committed (a replayed call counts nothing), and each refusal.
 * Amounts arrive in hundredths and are counted in coins.
 */
export const walletTally = {
  bet(coin: Coin, amount: number): void {
    roundsPlayed.inc({ coin });
    coinsWagered.inc({ coin }, amount / 100);
    ledgerMovements.inc({ kind: 'bet' });
  },
  win(coin: Coin, amount: number): void {
    if (amount <= 0) return;
    coinsWon.inc({ coin }, amount / 100);
    ledgerMovements.inc({ kind: 'win' });
  },
  rollback(): void {
    ledgerMovements.inc({ kind: 'rollback' });
  },
  refused(reason: string): void {
    betsRefused.inc({ reason });
  },
};
