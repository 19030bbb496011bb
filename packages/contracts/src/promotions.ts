import { z } from 'zod';

/**
 * Promo codes and referrals (decision 020). A promo code entered at sign-up
 * credits its bonus once, when the e-mail is verified; a referral link's code links the new
 * player to the referrer, who is rewarded once, when the new player makes a first purchase.
 * Amounts in the API are decimals with two places.
 */
export const promoBonusOutcomeSchema = z.object({
  promoCode: z.string(),
  credited: z.boolean(),
  gcAmount: z.number(),
  scAmount: z.number(),
  /** What the player is told: the credit, or why the code gave nothing. */
  message: z.string(),
});
export type PromoBonusOutcome = z.infer<typeof promoBonusOutcomeSchema>;

export const promotionTexts = {
  referralTitle: 'Refer a Friend',
  referralIntro: 'Share your link. When a friend signs up with it and makes a first purchase, you get a reward.',
  copyLink: 'Copy Link',
  linkCopied: 'Referral link copied',
  noFriendsYet: 'No friends have joined with your link yet.',
} as const;

export function promoCreditedMessage(code: string, gc: string, sc: string): string {
  return `Promo code ${code}: ${gc} GC and ${sc} SC have been added to your balance.`;
}

export const referredFriendSchema = z.object({
  /** The friend's username, partly hidden (first two characters and the length). */
  username: z.string(),
  joinedAt: z.string(),
  /** Whether the friend's first purchase has rewarded the referrer. */
  rewarded: z.boolean(),
});

export const referralDetailsSchema = z.object({
  referralCode: z.string(),
  referralLink: z.string(),
  /** What the referrer gets per friend's first purchase (0 and false when switched off). */
  reward: z.object({ gcAmount: z.number(), scAmount: z.number(), isActive: z.boolean() }),
  referredCount: z.number().int(),
  rewardedCount: z.number().int(),
  earned: z.object({ gcAmount: z.number(), scAmount: z.number() }),
  friends: z.array(referredFriendSchema),
});
export type ReferralDetails = z.infer<typeof referralDetailsSchema>;
