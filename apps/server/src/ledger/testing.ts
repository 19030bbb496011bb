import type { Database } from '../db/client.js';
import { createLedgerService } from './ledger-service.js';
import type { LedgerService } from './types.js';

/**
 * For tests and benchmarks of the ledger itself: each movement in a transaction of its own, as
 * an action that moves coins and writes nothing else would run it. Product code never uses this:
 * a business action passes its own transaction (events/event-bus.ts).
 */
type Movement =
  'creditBonus' | 'creditPurchase' | 'debitBet' | 'creditWin' | 'rollbackBet' | 'moveToPendingRedemption' | 'releasePendingRedemption';

export type StandaloneLedger = Omit<LedgerService, Movement | 'lockPlayer'> & {
  [K in Movement]: (input: Parameters<LedgerService[K]>[1]) => ReturnType<LedgerService[K]>;
};

export function standaloneLedger(db: Database, ledger: LedgerService = createLedgerService(db)): StandaloneLedger {
  function own<K extends Movement>(method: K) {
    return (input: Parameters<LedgerService[K]>[1]) =>
      db.transaction((tx) => (ledger[method] as (tx: unknown, input: unknown) => ReturnType<LedgerService[K]>)(tx, input));
  }
  return {
    balances: (userId, executor) => ledger.balances(userId, executor),
    history: (input) => ledger.history(input),
    findTransfer: (key, executor) => ledger.findTransfer(key, executor),
    pendingRedemption: (userId, executor) => ledger.pendingRedemption(userId, executor),
    creditBonus: own('creditBonus'),
    creditPurchase: own('creditPurchase'),
    debitBet: own('debitBet'),
    creditWin: own('creditWin'),
    rollbackBet: own('rollbackBet'),
    moveToPendingRedemption: own('moveToPendingRedemption'),
    releasePendingRedemption: own('releasePendingRedemption'),
  };
}
