import { z } from 'zod';
import { userWalletSchema } from './wallet.js';

/**
 * Welcome and daily bonus (seed 000 section 3 'Bonus': scAmount, gcAmount; the daily bonus also
 * isActive). The client reads these fields from the envelope's `data`.
 */
export const bonusTypes = ['welcome', 'daily'] as const;
export type BonusType = (typeof bonusTypes)[number];

export const welcomeBonusSchema = z.object({
  gcAmount: z.number(),
  scAmount: z.number(),
  isActive: z.boolean(),
  isClaimed: z.boolean(),
  /** Whether this player may claim it (active bonus, e-mail verified, not yet claimed). */
  isAllowed: z.boolean(),
});
export type WelcomeBonus = z.infer<typeof welcomeBonusSchema>;

export const dailyBonusSchema = z.object({
  gcAmount: z.number(),
  scAmount: z.number(),
  isActive: z.boolean(),
  /** Claimed in the current UTC day. */
  isClaimed: z.boolean(),
  /** Start of the next UTC day, when the next daily bonus can be claimed (ISO 8601). */
  nextClaimAt: z.string(),
});
export type DailyBonus = z.infer<typeof dailyBonusSchema>;

export const bonusSummarySchema = z.object({
  bonusType: z.enum(bonusTypes),
  gcAmount: z.number(),
  scAmount: z.number(),
  isActive: z.boolean(),
  isClaimed: z.boolean(),
});
export type BonusSummary = z.infer<typeof bonusSummarySchema>;

export const allBonusesSchema = z.object({
  rows: z.array(bonusSummarySchema),
  count: z.number().int(),
});

/** What a successful claim returns: the amounts credited and the wallet after it. */
export const bonusClaimSchema = z.object({
  gcAmount: z.number(),
  scAmount: z.number(),
  userWallet: userWalletSchema,
});
export type BonusClaim = z.infer<typeof bonusClaimSchema>;

/** Success message of a claim (seed 000 section 4 'Bonus claim'). */
export const BONUS_REDEEMED_MESSAGE = 'Bonus successfully redeemed';
