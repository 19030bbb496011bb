import { DEFAULT_COIN, type CoinType } from '@casino/contracts/constants';
import { create } from 'zustand';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage';

/**
 * The coin the player is looking at (seed 000 sections 2 and 9): SC by default, the choice kept
 * in local storage under 'coin' as the plain text 'SC' or 'GC'. Login success sets it to SC.
 */
function storedCoin(): CoinType {
  return readStorage(storageKeys.coin) === 'GC' ? 'GC' : DEFAULT_COIN;
}

interface CoinState {
  coin: CoinType;
  setCoin: (coin: CoinType) => void;
}

export const useCoinStore = create<CoinState>()((set) => ({
  coin: storedCoin(),
  setCoin: (coin) => {
    writeStorage(storageKeys.coin, coin);
    set({ coin });
  },
}));
