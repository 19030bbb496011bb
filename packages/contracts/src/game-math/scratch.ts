import { assertAllowedBet, type Hundredths } from './bets.js';
import { deepFreeze } from './deep-freeze.js';
import { InvalidProfileError } from './errors.js';
import { MAX_RNG_RANGE, type Rng } from './rng.js';
import {
  MATCH_COUNT,
  SCRATCH_CELLS,
  SCRATCH_SYMBOL_IDS,
  type PrizeTier,
  type ScratchOutcome,
  type ScratchProfile,
  type ScratchSymbolId,
} from './scratch-types.js';
import type { ExactRatio } from './slot-types.js';

/*
 * The prize is decided FIRST (one weighted draw), and the card is then dressed
 * to show it. Card layout therefore carries no information the draw did not,
 * and the RTP is exactly sum(weight * multiplier) / totalWeight.
 * Decoy symbols appear at most MATCH_COUNT - 1 times, so a card can never show
 * a second (unpaid) match.
 */

const DECOY_MAX = MATCH_COUNT - 1;
/** Fewest distinct symbols that can fill a losing card with at most DECOY_MAX each. */
const MIN_SYMBOLS = Math.ceil(SCRATCH_CELLS / DECOY_MAX);

const validated = new WeakSet<ScratchProfile>();

function totalWeight(profile: ScratchProfile): number {
  return profile.tiers.reduce((sum, tier) => sum + tier.weight, profile.noWinWeight);
}

function validate(profile: ScratchProfile): void {
  if (validated.has(profile)) return;
  const fail = (reason: string): never => {
    throw new InvalidProfileError(profile.id, reason);
  };
  const symbols = new Set(profile.tiers.map((tier) => tier.symbol));
  if (symbols.size !== profile.tiers.length) fail('each tier needs its own symbol');
  if (symbols.size < MIN_SYMBOLS) fail(`needs at least ${MIN_SYMBOLS} tiers to dress a losing card`);
  for (const tier of profile.tiers) {
    if (!SCRATCH_SYMBOL_IDS.includes(tier.symbol)) fail(`unknown symbol '${String(tier.symbol)}'`);
    if (!Number.isSafeInteger(tier.multiplier) || tier.multiplier < 1) fail('multipliers must be positive integers');
    if (!Number.isSafeInteger(tier.weight) || tier.weight < 1) fail('weights must be positive integers');
  }
  if (!Number.isSafeInteger(profile.noWinWeight) || profile.noWinWeight < 0) fail('noWinWeight must be an integer >= 0');
  if (totalWeight(profile) > MAX_RNG_RANGE) fail('total weight exceeds the RNG range');
  if (profile.betSteps.length === 0) fail('needs at least one bet step');
  for (const bet of profile.betSteps) {
    if (!Number.isSafeInteger(bet) || bet <= 0) fail(`bet step ${bet} must be a positive integer`);
  }
  deepFreeze(profile);
  validated.add(profile);
}

/** Validates (and freezes) a profile eagerly; the catalogue calls this at load time. */
export function assertValidScratchProfile(profile: ScratchProfile): void {
  validate(profile);
}

/** Tiers are walked in declaration order; the final slice of the range is the loss. */
function drawTier(profile: ScratchProfile, rng: Rng): PrizeTier | null {
  let ticket = rng.int(totalWeight(profile));
  for (const tier of profile.tiers) {
    if (ticket < tier.weight) return tier;
    ticket -= tier.weight;
  }
  return null;
}

function swap<T>(items: T[], i: number, j: number): void {
  const a = items[i];
  const b = items[j];
  if (a === undefined || b === undefined) throw new RangeError('swap index out of range');
  items[i] = b;
  items[j] = a;
}

/**
 * Partial Fisher-Yates: after the loop the first `count` items are a uniform
 * random ordered sample of `items` (count = length gives a full shuffle).
 */
function sampleInPlace<T>(items: T[], count: number, rng: Rng): T[] {
  for (let i = 0; i < count; i += 1) swap(items, i, i + rng.int(items.length - i));
  return items.slice(0, count);
}

function dressCard(profile: ScratchProfile, winner: ScratchSymbolId | null, rng: Rng): ScratchSymbolId[] {
  const cells: ScratchSymbolId[] = [];
  if (winner !== null) for (let i = 0; i < MATCH_COUNT; i += 1) cells.push(winner);
  const decoys: ScratchSymbolId[] = [];
  for (const tier of profile.tiers) {
    if (tier.symbol === winner) continue;
    for (let i = 0; i < DECOY_MAX; i += 1) decoys.push(tier.symbol);
  }
  cells.push(...sampleInPlace(decoys, SCRATCH_CELLS - cells.length, rng));
  return sampleInPlace(cells, cells.length, rng);
}

export type ScratchMathSource = ScratchProfile | { readonly profile: ScratchProfile };

function profileOf(source: ScratchMathSource): ScratchProfile {
  return 'profile' in source ? source.profile : source;
}

/** Plays one card: one weighted tier draw, then shuffles to place the symbols. */
export function playScratch(source: ScratchMathSource, bet: Hundredths, rng: Rng): ScratchOutcome {
  const profile = profileOf(source);
  validate(profile);
  assertAllowedBet(bet, profile.betSteps);
  const tier = drawTier(profile, rng);
  const winningSymbol = tier?.symbol ?? null;
  const cells = dressCard(profile, winningSymbol, rng);
  const winningCells = winningSymbol === null ? [] : cells.flatMap((s, i) => (s === winningSymbol ? [i] : []));
  const multiplier = tier?.multiplier ?? 0;
  return {
    kind: 'scratch',
    profileId: profile.id,
    bet,
    cells,
    winningSymbol,
    winningCells,
    multiplier,
    totalWin: bet * multiplier,
  };
}

/** Exact RTP: sum(weight_i * multiplier_i) / total weight. */
export function scratchRtpExact(profile: ScratchProfile): ExactRatio {
  validate(profile);
  const numerator = profile.tiers.reduce((sum, tier) => sum + tier.weight * tier.multiplier, 0);
  if (!Number.isSafeInteger(numerator)) throw new InvalidProfileError(profile.id, 'RTP numerator overflow');
  return { numerator, denominator: totalWeight(profile) };
}

export function scratchRtp(profile: ScratchProfile): number {
  const { numerator, denominator } = scratchRtpExact(profile);
  return numerator / denominator;
}

/** Probability that a card wins anything (exact). */
export function scratchHitFrequency(profile: ScratchProfile): number {
  validate(profile);
  return (totalWeight(profile) - profile.noWinWeight) / totalWeight(profile);
}
