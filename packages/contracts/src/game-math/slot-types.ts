import type { Hundredths } from './bets.js';

/**
 * Every slot profile draws from one abstract symbol vocabulary so that any
 * theme (which maps these ids to artwork) can dress any math profile.
 * h* = high-paying, l* = low-paying.
 */
export const SLOT_SYMBOL_IDS = ['wild', 'scatter', 'h1', 'h2', 'h3', 'h4', 'l1', 'l2', 'l3', 'l4'] as const;
export type SlotSymbolId = (typeof SLOT_SYMBOL_IDS)[number];

export const REEL_COUNT = 5;
export const ROW_COUNT = 3;

/** Row index (0 = top) on each of the 5 reels. */
export type Payline = readonly [number, number, number, number, number];

/** Pays for 3, 4 and 5 of a kind. */
export type PayTriple = readonly [three: number, four: number, five: number];

export type Volatility = 'low' | 'medium' | 'high' | 'very-high';

export interface SlotProfile {
  readonly kind: 'slot';
  /** Stable id; part of every recorded round so results can be re-audited. */
  readonly id: string;
  readonly volatility: Volatility;
  readonly paylines: readonly Payline[];
  /** One strip per reel. A stop shows strip[stop], strip[stop+1], strip[stop+2] (wrapping). */
  readonly reels: readonly (readonly SlotSymbolId[])[];
  /**
   * Line pays as integer multiples of the LINE bet (total bet / lines). The
   * total bet must be a multiple of the line count, so every line win is an
   * exact integer number of hundredths: no rounding anywhere.
   * 'wild' may have its own pays; 'scatter' never pays on lines.
   */
  readonly linePays: Readonly<Partial<Record<SlotSymbolId, PayTriple>>>;
  /**
   * Scatter pays for 3, 4, 5+ scatters anywhere on the grid, as integer
   * multiples of the TOTAL bet. Omit when the profile has no scatter.
   */
  readonly scatterPays?: PayTriple;
  /** Allowed total bets in hundredths; each must be a multiple of the line count. */
  readonly betSteps: readonly Hundredths[];
}

export interface GridPosition {
  readonly reel: number;
  readonly row: number;
}

export interface LineWin {
  /** Index into the profile's paylines. */
  readonly line: number;
  /** The paying symbol ('wild' when the win is the wild's own pay). */
  readonly symbol: SlotSymbolId;
  readonly count: number;
  /** The leftmost `count` cells of the line, which the client highlights. */
  readonly positions: readonly GridPosition[];
  /** Multiple of the line bet. */
  readonly multiplier: number;
  readonly amount: Hundredths;
}

export interface ScatterWin {
  readonly count: number;
  readonly positions: readonly GridPosition[];
  /** Multiple of the total bet. */
  readonly multiplier: number;
  readonly amount: Hundredths;
}

export interface SlotOutcome {
  readonly kind: 'slot';
  readonly profileId: string;
  readonly totalBet: Hundredths;
  readonly lineBet: Hundredths;
  /** Stop index per reel; the top visible row of reel r is reels[r][stops[r]]. */
  readonly stops: readonly number[];
  /** grid[row][reel], 3 rows by 5 reels, exactly what the reels land on. */
  readonly grid: readonly (readonly SlotSymbolId[])[];
  readonly lineWins: readonly LineWin[];
  readonly scatterWin: ScatterWin | null;
  readonly totalWin: Hundredths;
}

/** An exact RTP as a ratio of safe integers (value = numerator / denominator). */
export interface ExactRatio {
  readonly numerator: number;
  readonly denominator: number;
}
