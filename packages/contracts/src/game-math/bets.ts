import { InvalidBetError } from './errors.js';

/**
 * Money is integer hundredths of a coin (150 = 1.50). Every stake and win is a
 * safe integer; no floating-point value ever becomes money.
 */
export type Hundredths = number;

/**
 * Base ladder of stakes in hundredths (0.10 .. 10.00). Slot ladders are scaled
 * so every step is a whole multiple of the line count (see `slotBetSteps`).
 */
export const BASE_BET_STEPS: readonly Hundredths[] = [10, 20, 50, 100, 200, 500, 1000];

/**
 * Slot stakes must split into whole hundredths per line so that every line pay
 * (an integer multiple of the line bet) is exact with no rounding. Scaling the
 * base ladder by lines/10 keeps the familiar 1-2-5 shape: 10 lines → 0.10..10.00,
 * 20 lines → 0.20..20.00.
 */
export function slotBetSteps(lines: number): readonly Hundredths[] {
  return BASE_BET_STEPS.map((step) => (step * lines) / 10).filter((step) => Number.isSafeInteger(step) && step % lines === 0);
}

/** The step nearest to 1.00 is the default: a sensible first bet for any title. */
export function defaultBetFor(steps: readonly Hundredths[]): Hundredths {
  let best = steps[0];
  if (best === undefined) throw new RangeError('empty bet ladder');
  for (const step of steps) {
    if (Math.abs(step - 100) < Math.abs(best - 100)) best = step;
  }
  return best;
}

export function assertAllowedBet(bet: number, allowed: readonly Hundredths[]): void {
  if (!Number.isSafeInteger(bet) || !allowed.includes(bet)) {
    throw new InvalidBetError(bet, allowed);
  }
}
