import { slotBetSteps } from './bets.js';
import { PAYLINES_10, PAYLINES_20 } from './paylines.js';
import type { SlotProfile, SlotSymbolId } from './slot-types.js';

/*
 * Certified slot math. Changing a strip or a pay changes the RTP: the exact
 * values are pinned in slot-profiles.test.ts so any edit is a deliberate one.
 *
 * Strips are written one character per stop so a whole reel fits on a line
 * and can be diffed/reviewed at a glance:
 *   W = wild, S = scatter, 1-4 = h1-h4 (high), a-d = l1-l4 (low).
 * Line pays are multiples of the LINE bet; scatter pays multiples of the TOTAL bet.
 */

const STRIP_CODES: Readonly<Record<string, SlotSymbolId>> = {
  W: 'wild',
  S: 'scatter',
  '1': 'h1',
  '2': 'h2',
  '3': 'h3',
  '4': 'h4',
  a: 'l1',
  b: 'l2',
  c: 'l3',
  d: 'l4',
};

export function decodeStrip(encoded: string): SlotSymbolId[] {
  return [...encoded].map((code) => {
    const symbol = STRIP_CODES[code];
    if (!symbol) throw new RangeError(`unknown strip code '${code}'`);
    return symbol;
  });
}

/** Wild on every reel, no scatter, 10 lines: frequent small wins (~48% of spins). */
export const steadyLow: SlotProfile = {
  kind: 'slot',
  id: 'steady-low',
  volatility: 'low',
  paylines: PAYLINES_10,
  reels: [
    'cba321cbWac3b2ca1b3caWbc213abc',
    'bWac3b1ca2b3caWbc123abccba312c',
    'ca1b3caWbc213abccba321cbWac3b2',
    'Wbc123abccba312cbWac3b12cab3ca',
    'bccba321cbWac3b2ca1b3caWbc213a',
  ].map(decodeStrip),
  linePays: {
    wild: [25, 100, 500],
    h1: [20, 60, 250],
    h2: [16, 45, 150],
    h3: [12, 30, 100],
    l1: [7, 16, 50],
    l2: [6, 14, 40],
    l3: [5, 10, 30],
  },
  betSteps: slotBetSteps(10),
};

/** 20 lines; wilds on reels 2-5 only (so reel 1 decides most lines), one scatter per reel. */
export const balancedMedium: SlotProfile = {
  kind: 'slot',
  id: 'balanced-medium',
  volatility: 'medium',
  paylines: PAYLINES_20,
  reels: [
    'dbca423d1bcad4Sd2bca3d4bdca1d234bcad',
    '32W1dbca4dS3bca2d4bcaWd1324bcaddbca4',
    'abc4dS2abc3d41abcdW234abcddabc4231Wd',
    'S2bca3d4bcad1W234bcaddbca4231dWbca4d',
    '3d4bcad1W234bcaddbca4231dWbca4dS2bca',
  ].map(decodeStrip),
  linePays: {
    wild: [80, 400, 1500],
    h1: [75, 300, 1500],
    h2: [45, 175, 750],
    h3: [35, 100, 400],
    h4: [25, 75, 250],
    l1: [18, 40, 175],
    l2: [15, 35, 125],
    l3: [12, 30, 100],
    l4: [10, 25, 100],
  },
  scatterPays: [2, 10, 50],
  betSteps: slotBetSteps(20),
};

/** Old-school fruit machine: no wild, no scatter, fatter pays to compensate. */
export const fruitClassic: SlotProfile = {
  kind: 'slot',
  id: 'fruit-classic',
  volatility: 'medium',
  paylines: PAYLINES_10,
  reels: [
    'cba4321cba43cba2cb43a1cb243acb',
    '3421bca34bc2abc34a1bc234abcbca',
    '1bca34bc2abc34a1bc234abcbca342',
    'a34cb2acb34a1cb234acbcba3421cb',
    'bc2abc43a1bc243abcbca4321bca43',
  ].map(decodeStrip),
  linePays: {
    h1: [100, 500, 2500],
    h2: [75, 250, 1000],
    h3: [40, 125, 500],
    h4: [35, 100, 400],
    l1: [25, 60, 200],
    l2: [18, 40, 175],
    l3: [15, 35, 125],
  },
  betSteps: slotBetSteps(10),
};

/** Two scatters per reel carry ~15% of the return; big 5-scatter pay. */
export const scatterStorm: SlotProfile = {
  kind: 'slot',
  id: 'scatter-storm',
  volatility: 'high',
  paylines: PAYLINES_20,
  reels: [
    'dcba423Wdcba1Sdc4ba23dcba4dcW1Sbadc234badc',
    'b1Scd4ab32cdab4cdW1Sabcd324abcdcdab432Wcda',
    '3ba4cd1SWbacd234bacdcdba4231cdbaSWcd4ba2cd',
    'cd324bacdcdba4321cdbaWScd4ba3cd2ba4cd1WSba',
    'ba423Sdcba1Wdc4ba2dc3ba4dcS1Wbadc234badcdc',
  ].map(decodeStrip),
  linePays: {
    wild: [75, 750, 7500],
    h1: [60, 300, 1500],
    h2: [45, 175, 750],
    h3: [30, 120, 450],
    h4: [22, 75, 300],
    l1: [12, 30, 120],
    l2: [9, 25, 90],
    l3: [7, 18, 75],
    l4: [6, 15, 60],
  },
  scatterPays: [3, 30, 500],
  betSteps: slotBetSteps(20),
};

/** Wilds only on reels 2-4 and top-heavy pays: rare, large wins. */
export const megaJackpot: SlotProfile = {
  kind: 'slot',
  id: 'mega-jackpot',
  volatility: 'very-high',
  paylines: PAYLINES_10,
  reels: [
    'dbca42d13bcad4Sdbca2d13bcad4dbca21d34bcad',
    'Wabcd4Sabc1d23abc4dWabcd1234abcddabc4123d',
    'b2d13acb4dWacbd2134acbddacb4213dWacbd4Sac',
    'dWcabd2134cabddcab4213dWcabd4Scab2d13cab4',
    '4abcddabc43d21abcd4Sdabc3d21abcd4dabc32d1',
  ].map(decodeStrip),
  linePays: {
    wild: [250, 2500, 10000],
    h1: [150, 1000, 5000],
    h2: [100, 500, 2500],
    h3: [50, 200, 800],
    h4: [40, 125, 450],
    l1: [7, 20, 100],
    l2: [5, 16, 80],
    l3: [4, 12, 60],
    l4: [4, 10, 50],
  },
  scatterPays: [5, 50, 500],
  betSteps: slotBetSteps(10),
};

export const slotProfiles: readonly SlotProfile[] = [steadyLow, balancedMedium, fruitClassic, scatterStorm, megaJackpot];
