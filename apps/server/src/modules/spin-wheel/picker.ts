import { randomInt } from 'node:crypto';

/**
 * Picks one of the weighted items with a cryptographic RNG: item i wins with probability
 * weight_i / sum(weights). Weights are positive integers (the database checks it).
 */
export function pickByWeight<T extends { weight: number }>(items: readonly T[], random: (max: number) => number = randomInt): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  if (items.length === 0 || total <= 0) throw new Error('Nothing to pick from');
  let draw = random(total);
  for (const item of items) {
    if (draw < item.weight) return item;
    draw -= item.weight;
  }
  throw new Error('Weighted pick fell off the end');
}
