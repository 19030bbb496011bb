/*
 * TEST-ONLY statistics helpers for the RTP simulations.
 */

export interface ReturnSample {
  readonly rounds: number;
  /** Mean return per unit bet. */
  readonly mean: number;
  /** Sample standard deviation of the per-round return. */
  readonly sd: number;
  /** Standard error of the mean. */
  readonly stderr: number;
}

/** Accumulates per-round returns (win / bet) in one pass. */
export function sampleReturns(rounds: number, playRound: () => number): ReturnSample {
  let sum = 0;
  let sumSquares = 0;
  for (let i = 0; i < rounds; i += 1) {
    const r = playRound();
    sum += r;
    sumSquares += r * r;
  }
  const mean = sum / rounds;
  const variance = (sumSquares - rounds * mean * mean) / (rounds - 1);
  const sd = Math.sqrt(Math.max(variance, 0));
  return { rounds, mean, sd, stderr: sd / Math.sqrt(rounds) };
}

/**
 * Upper critical value of the chi-square distribution (Wilson-Hilferty
 * approximation), for a significance level given by its normal quantile z
 * (z = 3.09 is p = 0.001).
 */
export function chiSquareCritical(degreesOfFreedom: number, z: number): number {
  const k = degreesOfFreedom;
  const a = 2 / (9 * k);
  return k * (1 - a + z * Math.sqrt(a)) ** 3;
}
