import type { Database } from '../../db/client.js';
import { createLedgerService } from './ledger-service.js';
import type { LedgerService } from './types.js';

/**
 * For tests and benchmarks of the ledger itself: each movement a transaction of its own (one
 * `ledger_move` call on the pool), as an action that moves coins and writes nothing else would run
 * it. Product code never uses this: a business action passes its own transaction (events/event-bus.ts).
 */
type Movement =
  | 'creditBonus'
  | 'creditPurchase'
  | 'debitBet'
  | 'creditWin'
  | 'rollbackBet'
  | 'reverseCredit'
  | 'moveToPendingRedemption'
  | 'releasePendingRedemption'
  | 'adjustBalance';

export type StandaloneLedger = Omit<LedgerService, Movement | 'lockPlayer'> & {
  [K in Movement]: (input: Parameters<LedgerService[K]>[1]) => ReturnType<LedgerService[K]>;
};

export function standaloneLedger(db: Database, ledger: LedgerService = createLedgerService(db)): StandaloneLedger {
  function own<K extends Movement>(method: K) {
    return (input: Parameters<LedgerService[K]>[1]) =>
      (ledger[method] as (executor: unknown, input: unknown) => ReturnType<LedgerService[K]>)(db, input);
  }
  return {
    balances: (userId, executor) => ledger.balances(userId, executor),
    balancesOf: (userIds, executor) => ledger.balancesOf(userIds, executor),
    history: (input) => ledger.history(input),
    findTransfer: (key, executor) => ledger.findTransfer(key, executor),
    pendingRedemption: (userId, executor) => ledger.pendingRedemption(userId, executor),
    creditBonus: own('creditBonus'),
    creditPurchase: own('creditPurchase'),
    debitBet: own('debitBet'),
    creditWin: own('creditWin'),
    rollbackBet: own('rollbackBet'),
    reverseCredit: own('reverseCredit'),
    moveToPendingRedemption: own('moveToPendingRedemption'),
    releasePendingRedemption: own('releasePendingRedemption'),
    adjustBalance: own('adjustBalance'),
  };
}
