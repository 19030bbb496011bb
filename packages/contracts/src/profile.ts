import { z } from 'zod';
import { accountDetailsSchema } from './auth.js';
import { totalBetLimitsSchema, totalDepositLimitsSchema } from './responsible-play.js';
import { userWalletSchema } from './wallet.js';
import { profileRedeemSchema } from './redeem.js';
import { profileSpinWheelSchema } from './spin-wheel.js';
import { profileVipSchema } from './vip.js';

/**
 * GET /user/profile: the signed-in player's read model (seed 000 section 3 'User details', seed 001
 * section 3), built on the server from typed parts and parsed by the web app with the same schema.
 * Field names are the seeds'. A later feature (VIP's vipTierDetail, limits' totalBetLimits and
 * totalDepositLimits, KYC) adds its part here as a schema, and its field to playerProfileSchema.
 */

/** The account part: who the player is (owned by accounts; the same fields as login returns). */
export const profileAccountSchema = z.object(accountDetailsSchema.shape);
export type ProfileAccount = z.infer<typeof profileAccountSchema>;

/** The wallet part: the ledger's balances (seed 000 'userWallet'). */
export const profileWalletSchema = z.object({ userWallet: userWalletSchema });
export type ProfileWallet = z.infer<typeof profileWalletSchema>;

/** The bonus part: what the start-up queue asks (seed 000 section 4, steps 2 and 3). */
export const profileBonusSchema = z.object({
  /** The daily bonus of the current UTC day was claimed. */
  isDailyBonusClaimed: z.boolean(),
  isWelcomeBonusClaimed: z.boolean(),
  /** The welcome bonus is active and the e-mail verified (claimed or not). */
  isWelcomeBonusAllowed: z.boolean(),
});
export type ProfileBonus = z.infer<typeof profileBonusSchema>;

/** The store part (seed 001 section 3 'firstPurchaseBonus: isClaimed, percentage'). */
export const profilePurchaseSchema = z.object({
  firstPurchaseBonus: z.object({
    isClaimed: z.boolean(),
    /** 0 when the operator runs no first-purchase bonus. */
    percentage: z.number(),
  }),
});
export type ProfilePurchase = z.infer<typeof profilePurchaseSchema>;

/** The responsible-play part (seed 001 section 3): what was bet (SC) and purchased (USD) per period, exact. */
export const profileLimitsSchema = z.object({
  totalBetLimits: totalBetLimitsSchema,
  totalDepositLimits: totalDepositLimitsSchema,
});
export type ProfileLimits = z.infer<typeof profileLimitsSchema>;

/** The whole response `data`; unknown fields are dropped, so nothing untyped rides along. */
export const playerProfileSchema = z.object({
  ...profileAccountSchema.shape,
  ...profileWalletSchema.shape,
  ...profileBonusSchema.shape,
  ...profilePurchaseSchema.shape,
  ...profileRedeemSchema.shape,
  ...profileLimitsSchema.shape,
  ...profileSpinWheelSchema.shape,
  ...profileVipSchema.shape,
});
export type PlayerProfile = z.infer<typeof playerProfileSchema>;
