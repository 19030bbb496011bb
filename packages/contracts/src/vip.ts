import { z } from 'zod';

/**
 * The VIP programme (seed 000 sections 2, 3 and 4). Amounts are decimals with
 * two places; boost and rakeback are percentages (1 = 1%).
 */
export const vipTierSchema = z.object({
  vipTierId: z.number().int(),
  name: z.string(),
  bonusSc: z.number(),
  bonusGc: z.number(),
  rakeback: z.number(),
  boost: z.number(),
  scRequiredPlay: z.number(),
  gcRequiredPurchase: z.number(),
  welcomeReward: z.string(),
  vipClubAccess: z.boolean(),
  /** Whether this player has reached the tier (and so had its reward). */
  isClaimed: z.boolean(),
});
export type VipTier = z.infer<typeof vipTierSchema>;

export const vipTiersResponseSchema = z.object({ vipTiers: z.array(vipTierSchema) });
export type VipTiersResponse = z.infer<typeof vipTiersResponseSchema>;

const tierSummarySchema = z.object({
  vipTierId: z.number().int(),
  name: z.string(),
  boost: z.number(),
  rakeback: z.number(),
  scRequiredPlay: z.number(),
  gcRequiredPurchase: z.number(),
});

/** The profile's vipTierDetail (seed 000 section 3). nextTier is null at the top tier. */
export const vipTierDetailSchema = z.object({
  currentTier: tierSummarySchema,
  nextTier: tierSummarySchema.nullable(),
  /** Progress to the next tier, 0-100, by whichever of SC played and GC purchased is further along. */
  percentage: z.number(),
  totalScSpend: z.number(),
  totalGcSpend: z.number(),
});
export type VipTierDetail = z.infer<typeof vipTierDetailSchema>;

export const profileVipSchema = z.object({ vipTierDetail: vipTierDetailSchema });
export type ProfileVip = z.infer<typeof profileVipSchema>;

export const vipTexts = {
  status: 'VIP TIER STATUS',
  howToRankUp: 'HOW TO RANK UP',
  currentBenefits: 'CURRENT BENEFITS',
  upcoming: 'UPCOMING VIP TIERS',
  /**
   * CURRENT BENEFITS (seed 000 section 2 names '1% Cashback'): the cashback is the tier's rakeback
   * share, the one the server credits, so the card states the player's own tier's figure.
   */
  cashback: (rakebackPercent: number) => `${rakebackPercent}% Cashback`,
  /** The VIP club's benefits, listed for a tier with club access. */
  clubBenefits: ['VIP Manager', 'Monthly Bonuses', 'Priority Withdrawals'],
  clubFrom: (tierName: string) => `VIP Club from ${tierName}`,
  claimed: 'Claimed',
} as const;
