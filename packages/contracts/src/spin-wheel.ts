import { z } from 'zod';
import { userWalletSchema } from './wallet.js';

/**
 * The daily spin wheel (seed 000 sections 2, 3, 4 and 9). Amounts are decimals
 * with two places; `index` is the segment's place on the wheel, clockwise from the pointer.
 */
export const SPIN_WHEEL_COOLDOWN_HOURS = 24;
/** After the result shows, the follow-up (profile refresh) runs this much later (seed 000 section 4). */
export const SPIN_WHEEL_FOLLOW_UP_MS = 10_000;

export const wheelSegmentSchema = z.object({
  index: z.number().int(),
  gc: z.number(),
  sc: z.number(),
  isJackpot: z.boolean(),
});
export type WheelSegment = z.infer<typeof wheelSegmentSchema>;

export const spinWheelListSchema = z.object({
  wheelConfiguration: z.array(wheelSegmentSchema),
  isSpinWheelBonusClaimed: z.boolean(),
  spinWheelClaimedAt: z.string().nullable(),
  /** When this player may spin again (ISO 8601), or null when they may spin now. */
  nextSpinAt: z.string().nullable(),
});
export type SpinWheelList = z.infer<typeof spinWheelListSchema>;

export const spinWheelResultSchema = z.object({
  /** The segment the wheel must stop on. */
  index: z.number().int(),
  gc: z.number(),
  sc: z.number(),
  isJackpot: z.boolean(),
  spinWheelClaimedAt: z.string(),
  nextSpinAt: z.string(),
  userWallet: userWalletSchema,
});
export type SpinWheelResult = z.infer<typeof spinWheelResultSchema>;

/** The profile's part (seed 000 section 3): claimed within the last 24 hours, and when. */
export const profileSpinWheelSchema = z.object({
  isSpinWheelBonusClaimed: z.boolean(),
  spinWheelClaimedAt: z.string().nullable(),
});
export type ProfileSpinWheel = z.infer<typeof profileSpinWheelSchema>;

export const spinWheelTexts = {
  title: 'Spin And Win',
  spin: 'SPIN',
  goToHome: 'Go To Home',
  comeBack: 'You have already claimed your spin. Come back in 24 hours to spin again!',
  nextSpinIn: 'Next spin in',
  youWon: 'You Won',
} as const;
