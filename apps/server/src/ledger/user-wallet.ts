import { fromHundredths } from '@casino/contracts/money';
import type { UserWallet } from '@casino/contracts/wallet';
import type { ProfileContributor } from '../modules/profile/contributors.js';
import type { Balances, LedgerService } from './types.js';

/** The ledger's balances as the client reads them (seed 000 section 3 'userWallet'). */
export function userWalletOf(balances: Balances): UserWallet {
  return {
    gcCoin: fromHundredths(balances.gc),
    totalScCoin: fromHundredths(balances.bsc + balances.psc + balances.wsc),
    scCoin: { wsc: fromHundredths(balances.wsc), bsc: fromHundredths(balances.bsc), psc: fromHundredths(balances.psc) },
  };
}

/** GET /user/profile's `userWallet`, read from the ledger (issue 4 point 4). */
export function walletProfileContributor(ledger: LedgerService): ProfileContributor {
  return async (userId, db) => ({ userWallet: userWalletOf(await ledger.balances(userId, db)) });
}
