import type { Payline } from './slot-types.js';

/*
 * Fixed payline sets (row per reel, 0 = top). Lines are always all active:
 * letting players pick fewer lines would change the RTP per bet, and a fixed
 * set keeps one exact RTP per title.
 */

export const PAYLINES_10: readonly Payline[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
];

export const PAYLINES_20: readonly Payline[] = [
  ...PAYLINES_10,
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [1, 0, 1, 0, 1],
];
