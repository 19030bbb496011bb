import { assertAllowedBet, type Hundredths } from './bets.js';
import { deepFreeze } from './deep-freeze.js';
import { InvalidProfileError } from './errors.js';
import type { Rng } from './rng.js';
import {
  REEL_COUNT,
  ROW_COUNT,
  SLOT_SYMBOL_IDS,
  type ExactRatio,
  type GridPosition,
  type LineWin,
  type PayTriple,
  type ScatterWin,
  type SlotOutcome,
  type SlotProfile,
  type SlotSymbolId,
} from './slot-types.js';

/*
 * LINE RULE (used verbatim by both spinSlot and slotRtp):
 * A payline is read left to right. For every symbol X with line pays other
 * than the wild, n(X) is the length of the leading run of cells showing X or
 * the wild; the wild's own candidate uses the leading run of wilds only. Each
 * candidate with n >= 3 is worth pays[X][n-3] line bets, and the line pays the
 * single best candidate (ties go to the earlier symbol in SLOT_SYMBOL_IDS).
 * The scatter is not substitutable and breaks any run it appears in.
 * "Best interpretation" is what players expect and is trivially auditable.
 */

interface PayCandidate {
  readonly symbol: SlotSymbolId;
  readonly pays: PayTriple;
  readonly isWild: boolean;
}

export interface LineHit {
  readonly symbol: SlotSymbolId;
  readonly count: number;
  readonly multiplier: number;
}

/** A profile whose data has been checked once, with lookups precomputed. */
interface CompiledSlot {
  readonly profile: SlotProfile;
  readonly candidates: readonly PayCandidate[];
  /** Grid positions of each payline, built once so a spin allocates little. */
  readonly linePositions: readonly (readonly GridPosition[])[];
}

const compiled = new WeakMap<SlotProfile, CompiledSlot>();

function isNonNegativeInt(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

function validatePays(profile: SlotProfile, label: string, pays: PayTriple): void {
  if (!pays.every(isNonNegativeInt)) {
    throw new InvalidProfileError(profile.id, `${label} pays must be non-negative integers`);
  }
  if (pays[0] > pays[1] || pays[1] > pays[2]) {
    throw new InvalidProfileError(profile.id, `${label} pays must not decrease with count`);
  }
}

function validate(profile: SlotProfile): void {
  const fail = (reason: string): never => {
    throw new InvalidProfileError(profile.id, reason);
  };
  if (profile.reels.length !== REEL_COUNT) fail(`needs ${REEL_COUNT} reels`);
  for (const strip of profile.reels) {
    if (strip.length < ROW_COUNT) fail('every strip must be at least as long as the window');
    for (const symbol of strip) {
      if (!SLOT_SYMBOL_IDS.includes(symbol)) fail(`unknown symbol '${String(symbol)}'`);
    }
  }
  if (profile.paylines.length === 0) fail('needs at least one payline');
  const seen = new Set<string>();
  for (const line of profile.paylines) {
    if (line.length !== REEL_COUNT || !line.every((row) => Number.isInteger(row) && row >= 0 && row < ROW_COUNT)) {
      fail(`invalid payline ${JSON.stringify(line)}`);
    }
    const key = line.join(',');
    if (seen.has(key)) fail(`duplicate payline ${key}`);
    seen.add(key);
  }
  for (const [symbol, pays] of Object.entries(profile.linePays)) {
    if (symbol === 'scatter') fail('the scatter cannot have line pays');
    if (pays) validatePays(profile, symbol, pays);
  }
  const hasScatter = profile.reels.some((strip) => strip.includes('scatter'));
  if (hasScatter !== (profile.scatterPays !== undefined)) {
    fail('scatterPays must be given exactly when the reels carry a scatter');
  }
  if (profile.scatterPays) validatePays(profile, 'scatter', profile.scatterPays);
  const lines = profile.paylines.length;
  if (profile.betSteps.length === 0) fail('needs at least one bet step');
  for (const bet of profile.betSteps) {
    if (!Number.isSafeInteger(bet) || bet <= 0 || bet % lines !== 0) {
      fail(`bet step ${bet} is not a positive multiple of ${lines} lines`);
    }
  }
}

function compile(profile: SlotProfile): CompiledSlot {
  const cached = compiled.get(profile);
  if (cached) return cached;
  validate(profile);
  deepFreeze(profile);
  const candidates: PayCandidate[] = [];
  for (const symbol of SLOT_SYMBOL_IDS) {
    const pays = profile.linePays[symbol];
    if (pays) candidates.push({ symbol, pays, isWild: symbol === 'wild' });
  }
  const linePositions = profile.paylines.map((payline) => payline.map((row, reel): GridPosition => ({ reel, row })));
  const result: CompiledSlot = { profile, candidates, linePositions };
  compiled.set(profile, result);
  return result;
}

/** Validates (and freezes) a profile eagerly; the catalogue calls this at load time. */
export function assertValidSlotProfile(profile: SlotProfile): void {
  compile(profile);
}

function runLength(cells: readonly SlotSymbolId[], candidate: PayCandidate): number {
  let n = 0;
  while (n < cells.length) {
    const cell = cells[n];
    const matches = candidate.isWild ? cell === 'wild' : cell === candidate.symbol || cell === 'wild';
    if (!matches) break;
    n += 1;
  }
  return n;
}

function evaluateCompiled(slot: CompiledSlot, cells: readonly SlotSymbolId[]): LineHit | null {
  let best: LineHit | null = null;
  for (const candidate of slot.candidates) {
    const count = runLength(cells, candidate);
    if (count < 3) continue;
    const multiplier = candidate.pays[Math.min(count, 5) - 3] ?? 0;
    if (multiplier > 0 && (best === null || multiplier > best.multiplier)) {
      best = { symbol: candidate.symbol, count, multiplier };
    }
  }
  return best;
}

/** Pays one payline's 5 symbols under the LINE RULE above (multiple of the line bet). */
export function evaluateLine(profile: SlotProfile, cells: readonly SlotSymbolId[]): LineHit | null {
  return evaluateCompiled(compile(profile), cells);
}

function scatterMultiplier(profile: SlotProfile, count: number): number {
  if (!profile.scatterPays || count < 3) return 0;
  return profile.scatterPays[Math.min(count, 5) - 3] ?? 0;
}

function symbolAt(strip: readonly SlotSymbolId[], index: number): SlotSymbolId {
  const symbol = strip[index % strip.length];
  if (symbol === undefined) throw new RangeError('strip index out of range');
  return symbol;
}

function stripOf(profile: SlotProfile, reel: number): readonly SlotSymbolId[] {
  const strip = profile.reels[reel];
  if (!strip) throw new RangeError(`no reel ${reel}`);
  return strip;
}

function cellAt(grid: readonly (readonly SlotSymbolId[])[], row: number, reel: number): SlotSymbolId {
  const symbol = grid[row]?.[reel];
  if (symbol === undefined) throw new RangeError(`grid has no cell at row ${row}, reel ${reel}`);
  return symbol;
}

export type SlotMathSource = SlotProfile | { readonly profile: SlotProfile };

function profileOf(source: SlotMathSource): SlotProfile {
  return 'profile' in source ? source.profile : source;
}

/** Builds the visible window for given stops: grid[row][reel]. */
export function gridAt(profile: SlotProfile, stops: readonly number[]): SlotSymbolId[][] {
  if (stops.length !== REEL_COUNT) throw new RangeError(`expected ${REEL_COUNT} stops, got ${stops.length}`);
  stops.forEach((stop, reel) => {
    if (!Number.isInteger(stop) || stop < 0 || stop >= stripOf(profile, reel).length) {
      throw new RangeError(`stop ${stop} is off reel ${reel}`);
    }
  });
  const grid: SlotSymbolId[][] = [];
  for (let row = 0; row < ROW_COUNT; row += 1) {
    const cells: SlotSymbolId[] = [];
    for (let reel = 0; reel < REEL_COUNT; reel += 1) {
      cells.push(symbolAt(stripOf(profile, reel), (stops[reel] ?? 0) + row));
    }
    grid.push(cells);
  }
  return grid;
}

function settleLines(slot: CompiledSlot, lineBet: Hundredths, grid: readonly (readonly SlotSymbolId[])[]): LineWin[] {
  const lineWins: LineWin[] = [];
  slot.linePositions.forEach((positions, line) => {
    const cells = positions.map(({ reel, row }) => cellAt(grid, row, reel));
    const hit = evaluateCompiled(slot, cells);
    if (hit) {
      lineWins.push({
        line,
        symbol: hit.symbol,
        count: hit.count,
        positions: positions.slice(0, hit.count),
        multiplier: hit.multiplier,
        amount: hit.multiplier * lineBet,
      });
    }
  });
  return lineWins;
}

function settleScatter(profile: SlotProfile, totalBet: Hundredths, grid: readonly (readonly SlotSymbolId[])[]): ScatterWin | null {
  const positions: GridPosition[] = [];
  grid.forEach((cells, row) =>
    cells.forEach((symbol, reel) => {
      if (symbol === 'scatter') positions.push({ reel, row });
    }),
  );
  const multiplier = scatterMultiplier(profile, positions.length);
  return multiplier > 0 ? { count: positions.length, positions, multiplier, amount: multiplier * totalBet } : null;
}

/**
 * The outcome for given reel stops. spinSlot is exactly "draw stops, then
 * this", so a recorded round can be re-verified from its stops alone.
 */
export function slotOutcomeAt(source: SlotMathSource, totalBet: Hundredths, stops: readonly number[]): SlotOutcome {
  const profile = profileOf(source);
  const slot = compile(profile);
  assertAllowedBet(totalBet, profile.betSteps);
  // Exact: validation guarantees every bet step is a multiple of the line count.
  const lineBet = totalBet / profile.paylines.length;
  const grid = gridAt(profile, stops);
  const lineWins = settleLines(slot, lineBet, grid);
  const scatterWin = settleScatter(profile, totalBet, grid);
  const totalWin = lineWins.reduce((sum, win) => sum + win.amount, scatterWin?.amount ?? 0);
  return { kind: 'slot', profileId: profile.id, totalBet, lineBet, stops: [...stops], grid, lineWins, scatterWin, totalWin };
}

/**
 * Plays one spin. The RNG is consumed as exactly one uniform draw per reel
 * (reel 0 first) and nothing else reaches the result.
 */
export function spinSlot(source: SlotMathSource, totalBet: Hundredths, rng: Rng): SlotOutcome {
  const profile = profileOf(source);
  compile(profile);
  // Refuse a bad stake before touching the RNG.
  assertAllowedBet(totalBet, profile.betSteps);
  const stops = profile.reels.map((strip) => rng.int(strip.length));
  return slotOutcomeAt(profile, totalBet, stops);
}

/** Symbol -> number of strip positions carrying it. */
function stripCounts(strip: readonly SlotSymbolId[]): [SlotSymbolId, number][] {
  const counts = new Map<SlotSymbolId, number>();
  for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  return [...counts.entries()];
}

/**
 * Line part of the RTP, as total line-bet multiples summed over every
 * combination of one strip position per reel. Each reel stop is uniform, so
 * every payline cell on reel r shows symbol s with probability count_r(s)/len_r,
 * independently across reels; hence all lines share the same expected pay and,
 * since lines * lineBet = totalBet, the line RTP is E[line multiplier].
 */
function lineReturnWeight(slot: CompiledSlot): number {
  const perReel = slot.profile.reels.map(stripCounts);
  const cells: SlotSymbolId[] = [];
  let total = 0;
  const walk = (reel: number, weight: number): void => {
    const options = perReel[reel];
    if (!options) {
      total += weight * (evaluateCompiled(slot, cells)?.multiplier ?? 0);
      return;
    }
    for (const [symbol, count] of options) {
      cells.push(symbol);
      walk(reel + 1, weight * count);
      cells.pop();
    }
  };
  walk(0, 1);
  return total;
}

/**
 * Scatter part: per reel, count how many stops show k scatters in the 3-row
 * window, then convolve across reels to get how many stop combinations show c
 * scatters in total.
 */
export function scatterCountWeights(profile: SlotProfile): number[] {
  let dist = [1];
  for (const strip of profile.reels) {
    const perStop = new Array<number>(ROW_COUNT + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop += 1) {
      let k = 0;
      for (let row = 0; row < ROW_COUNT; row += 1) if (symbolAt(strip, stop + row) === 'scatter') k += 1;
      perStop[k] = (perStop[k] ?? 0) + 1;
    }
    const next = new Array<number>(dist.length + ROW_COUNT).fill(0);
    dist.forEach((ways, c) => perStop.forEach((stops, k) => (next[c + k] = (next[c + k] ?? 0) + ways * stops)));
    dist = next;
  }
  return dist;
}

const rtpCache = new WeakMap<SlotProfile, ExactRatio>();

/** Exact return-to-player as an integer ratio over all reel-stop combinations. */
export function slotRtpExact(profile: SlotProfile): ExactRatio {
  const cached = rtpCache.get(profile);
  if (cached) return cached;
  const slot = compile(profile);
  const denominator = profile.reels.reduce((product, strip) => product * strip.length, 1);
  const scatter = scatterCountWeights(profile).reduce((sum, ways, count) => sum + ways * scatterMultiplier(profile, count), 0);
  const numerator = lineReturnWeight(slot) + scatter;
  // Every partial sum is bounded by the final numerator, so this one check proves exactness.
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) {
    throw new InvalidProfileError(profile.id, 'RTP numerator exceeds the safe-integer range');
  }
  const ratio: ExactRatio = { numerator, denominator };
  rtpCache.set(profile, ratio);
  return ratio;
}

/** Exact expected return per unit of total bet (e.g. 0.9612). */
export function slotRtp(profile: SlotProfile): number {
  const { numerator, denominator } = slotRtpExact(profile);
  return numerator / denominator;
}
