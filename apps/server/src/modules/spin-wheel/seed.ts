import type { DbExecutor } from '../../db/client.js';
import type { SeedStep } from '../../db/seed.js';
import { spinWheelSegments } from '../../db/schema/index.js';

/**
 * The demo wheel: twelve segments, prizes in hundredths and weights out of 1,000. Expected value
 * per spin: about 1,530 GC and 0.47 SC; the 5,000 GC + 10 SC jackpot comes once in 200 spins.
 */
const DEMO_SEGMENTS = [
  { gcAmount: 50_000, scAmount: 0, weight: 200 },
  { gcAmount: 100_000, scAmount: 0, weight: 180 },
  { gcAmount: 50_000, scAmount: 20, weight: 120 },
  { gcAmount: 200_000, scAmount: 0, weight: 120 },
  { gcAmount: 100_000, scAmount: 50, weight: 90 },
  { gcAmount: 300_000, scAmount: 0, weight: 80 },
  { gcAmount: 150_000, scAmount: 100, weight: 60 },
  { gcAmount: 500_000, scAmount: 0, weight: 50 },
  { gcAmount: 200_000, scAmount: 200, weight: 40 },
  { gcAmount: 250_000, scAmount: 300, weight: 30 },
  { gcAmount: 400_000, scAmount: 500, weight: 25 },
  { gcAmount: 500_000, scAmount: 1_000, weight: 5, isJackpot: true },
];

async function seedWheel(db: DbExecutor): Promise<void> {
  const existing = await db.select({ id: spinWheelSegments.id }).from(spinWheelSegments).limit(1);
  if (existing.length > 0) return;
  await db.insert(spinWheelSegments).values(DEMO_SEGMENTS.map((segment, position) => ({ ...segment, position })));
}

export const spinWheelSeed: SeedStep = {
  name: 'spin-wheel',
  versions: [{ version: 1, description: 'the demo spin wheel', apply: seedWheel }],
};
