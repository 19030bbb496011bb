import type { Hundredths } from '@casino/contracts/game-math/bets';
import { assertValidScratchProfile } from '@casino/contracts/game-math/scratch';
import type { ScratchProfile } from '@casino/contracts/game-math/scratch-types';
import { assertValidSlotProfile, slotOutcomeAt } from '@casino/contracts/game-math/slot';
import {
  REEL_COUNT,
  ROW_COUNT,
  SLOT_SYMBOL_IDS,
  type PayTriple,
  type SlotProfile,
  type SlotSymbolId,
} from '@casino/contracts/game-math/slot-types';

/*
 * The most a title's math can pay on one round (docs/decisions/058-win-limits.md).
 * The wallet refuses a win above its game's limit; an in-house title's limit is this maximum.
 *
 * A scratch card pays one prize tier: its largest multiplier of the bet.
 *
 * A slot's win is fixed by its five reel stops. Its maximum is searched over every combination of
 * the windows each reel can show (branch and bound): reels are fixed left to right, and a partial
 * combination is dropped when even the best the remaining reels could add (every line's run
 * extended as far as the remaining reels carry its symbol or the wild, every remaining reel's
 * most scatters) cannot beat the best combination found. The combination found is played again
 * through the engine (slotOutcomeAt), so the maximum is a win the slot really pays, not an
 * estimate: it is reachable, and no combination pays more.
 */

/** A slot's largest win in LINE bets and reel stops that pay it. */
export interface SlotMaxWin {
  readonly lineBets: number;
  readonly stops: readonly number[];
}

interface Candidate {
  readonly pays: PayTriple;
  /** The cell continues this candidate's run. */
  readonly matches: (cell: SlotSymbolId) => boolean;
}

interface Window {
  readonly stop: number;
  /** The three cells shown, top row first. */
  readonly cells: readonly SlotSymbolId[];
  readonly scatters: number;
}

function windowsOf(strip: readonly SlotSymbolId[]): Window[] {
  const seen = new Map<string, Window>();
  strip.forEach((_, stop) => {
    const cells = Array.from({ length: ROW_COUNT }, (__, row) => strip[(stop + row) % strip.length]!);
    const key = cells.join(',');
    if (!seen.has(key)) seen.set(key, { stop, cells, scatters: cells.filter((cell) => cell === 'scatter').length });
  });
  return [...seen.values()];
}

function payFor(pays: PayTriple, count: number): number {
  return count >= 3 ? (pays[Math.min(count, 5) - 3] ?? 0) : 0;
}

const slotMaxima = new WeakMap<SlotProfile, SlotMaxWin>();

export function slotMaxWin(profile: SlotProfile): SlotMaxWin {
  const cached = slotMaxima.get(profile);
  if (cached) return cached;
  assertValidSlotProfile(profile);
  const lines = profile.paylines;
  // The line rule's candidates (slot.ts): each symbol with pays runs on itself or the wild; the
  // wild's own pay runs on wilds only.
  const candidates: Candidate[] = SLOT_SYMBOL_IDS.flatMap((symbol) => {
    const pays = profile.linePays[symbol];
    if (!pays) return [];
    return [{ pays, matches: symbol === 'wild' ? (cell) => cell === 'wild' : (cell) => cell === symbol || cell === 'wild' }];
  });
  const windows = profile.reels.map(windowsOf);
  // reach[c][r]: how many reels from r on, one after the other, can show a cell of candidate c.
  const reach = candidates.map((candidate) => {
    const counts = new Array<number>(REEL_COUNT + 1).fill(0);
    for (let reel = REEL_COUNT - 1; reel >= 0; reel -= 1) {
      counts[reel] = profile.reels[reel]!.some(candidate.matches) ? counts[reel + 1]! + 1 : 0;
    }
    return counts;
  });
  // The most scatters the reels from r on can show together.
  const restScatters = new Array<number>(REEL_COUNT + 1).fill(0);
  for (let reel = REEL_COUNT - 1; reel >= 0; reel -= 1) {
    restScatters[reel] = restScatters[reel + 1]! + Math.max(...windows[reel]!.map((window) => window.scatters));
  }
  const scatterLineBets = (count: number) => (profile.scatterPays ? payFor(profile.scatterPays, count) * lines.length : 0);

  const C = candidates.length;
  /**
   * The most the reels from `fixed` on can make of this partial combination, in line bets;
   * exact once every reel is fixed. runs[l * C + c] is candidate c's run on line l over the fixed
   * reels: it is still growing while it equals `fixed`.
   */
  function bound(fixed: number, runs: Int8Array, scatters: number): number {
    let total = scatterLineBets(scatters + restScatters[fixed]!);
    for (let line = 0; line < lines.length; line += 1) {
      let best = 0;
      for (let c = 0; c < C; c += 1) {
        const run = runs[line * C + c]!;
        const pay = payFor(candidates[c]!.pays, run === fixed ? run + reach[c]![fixed]! : run);
        if (pay > best) best = pay;
      }
      total += best;
    }
    return total;
  }

  let best = -1;
  let bestStops: number[] = [];
  const stops: number[] = [];
  function search(fixed: number, runs: Int8Array, scatters: number): void {
    if (fixed === REEL_COUNT) {
      const value = bound(fixed, runs, scatters);
      if (value > best) {
        best = value;
        bestStops = [...stops];
      }
      return;
    }
    const children = windows[fixed]!.map((window) => {
      const next = runs.slice();
      for (let line = 0; line < lines.length; line += 1) {
        const cell = window.cells[lines[line]![fixed]!]!;
        for (let c = 0; c < C; c += 1) {
          if (next[line * C + c] === fixed && candidates[c]!.matches(cell)) next[line * C + c] = fixed + 1;
        }
      }
      const withScatters = scatters + window.scatters;
      return { window, runs: next, scatters: withScatters, bound: bound(fixed + 1, next, withScatters) };
    });
    // The most promising first, so that a high best is found early and prunes the rest.
    children.sort((a, b) => b.bound - a.bound);
    for (const child of children) {
      if (child.bound <= best) break;
      stops.push(child.window.stop);
      search(fixed + 1, child.runs, child.scatters);
      stops.pop();
    }
  }
  search(0, new Int8Array(lines.length * C), 0);

  // Played again through the engine: the maximum is what these stops really pay.
  const bet = profile.betSteps[0]!;
  const paid = slotOutcomeAt(profile, bet, bestStops).totalWin;
  if (paid !== (best * bet) / lines.length) {
    throw new Error(`slot ${profile.id}: the search's maximum of ${best} line bets is not what its stops pay`);
  }
  const found: SlotMaxWin = { lineBets: best, stops: bestStops };
  slotMaxima.set(profile, found);
  return found;
}

export function scratchMaxMultiplier(profile: ScratchProfile): number {
  assertValidScratchProfile(profile);
  return Math.max(...profile.tiers.map((tier) => tier.multiplier));
}

type MathOf = { readonly kind: 'slot'; readonly profile: SlotProfile } | { readonly kind: 'scratch'; readonly profile: ScratchProfile };

/** The largest win of one round at this bet (a bet the title allows). */
export function maxWinAt(title: MathOf, bet: Hundredths): Hundredths {
  if (title.kind === 'scratch') return scratchMaxMultiplier(title.profile) * bet;
  return (slotMaxWin(title.profile).lineBets * bet) / title.profile.paylines.length;
}

/**
 * The title's limit as a whole multiple of the bet, the form the games catalogue keeps: the
 * maximum itself, rounded up where a slot's maximum is a fraction of the bet (line pays are
 * multiples of the line bet), so that the maximum is always within it.
 */
export function maxWinMultiplier(title: MathOf): number {
  if (title.kind === 'scratch') return scratchMaxMultiplier(title.profile);
  return Math.ceil(slotMaxWin(title.profile).lineBets / title.profile.paylines.length);
}
