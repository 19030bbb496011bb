import { fromHundredths } from '@casino/contracts/money';
import type { UserWallet } from '@casino/contracts/wallet';
import type { Balances } from './types.js';

/** The ledger's balances as the client reads them (seed 000 section 3 'userWallet'). */
export function userWalletOf(balances: Balances): UserWallet {
  return {
    gcCoin: fromHundredths(balances.gc),
    totalScCoin: fromHundredths(balances.bsc + balances.psc + balances.wsc),
    scCoin: { wsc: fromHundredths(balances.wsc), bsc: fromHundredths(balances.bsc), psc: fromHundredths(balances.psc) },
  };
}
