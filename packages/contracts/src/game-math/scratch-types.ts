import type { Hundredths } from './bets.js';
import type { Volatility } from './slot-types.js';

/**
 * Abstract prize symbols, p1 = smallest prize. Themes map them to artwork so
 * any theme can dress any scratch profile.
 */
export const SCRATCH_SYMBOL_IDS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'] as const;
export type ScratchSymbolId = (typeof SCRATCH_SYMBOL_IDS)[number];

export const SCRATCH_CELLS = 9;
/** Matching this many of one symbol wins that symbol's prize. */
export const MATCH_COUNT = 3;

export interface PrizeTier {
  readonly symbol: ScratchSymbolId;
  /** Integer multiple of the bet, so a win is always exact hundredths. */
  readonly multiplier: number;
  /** Relative draw weight (integer). */
  readonly weight: number;
}

export interface ScratchProfile {
  readonly kind: 'scratch';
  readonly id: string;
  readonly volatility: Volatility;
  readonly tiers: readonly PrizeTier[];
  /** Weight of the losing outcome. */
  readonly noWinWeight: number;
  readonly betSteps: readonly Hundredths[];
}

export interface ScratchOutcome {
  readonly kind: 'scratch';
  readonly profileId: string;
  readonly bet: Hundredths;
  /** 9 symbols, row-major 3x3. */
  readonly cells: readonly ScratchSymbolId[];
  readonly winningSymbol: ScratchSymbolId | null;
  /** Indexes (ascending) of the three matching cells; empty on a loss. */
  readonly winningCells: readonly number[];
  readonly multiplier: number;
  readonly totalWin: Hundredths;
}
