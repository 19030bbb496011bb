import { z } from 'zod';
import { reasonSchema } from './admin.js';

/**
 * The referral rewards desk (docs/decisions/056-referral-rewards-held-for-review.md):
 * rewards held for review because the friend looks like the referrer, or because the referrer
 * reached the day's cap; an operator approves (pays) or rejects each. Amounts on the wire are
 * coins with at most two decimals.
 */
export const referralHoldReasons = ['same_email', 'same_phone', 'same_card', 'same_identity', 'same_device', 'daily_cap'] as const;
export type ReferralHoldReason = (typeof referralHoldReasons)[number];

export const referralHoldReasonLabels: Record<ReferralHoldReason, string> = {
  same_email: 'Same mailbox as the referrer',
  same_phone: 'Same phone number',
  same_card: 'Paid with a card the referrer used',
  same_identity: 'Same name and date of birth',
  same_device: "Signed up from the referrer's address and browser",
  daily_cap: "Over the referrer's daily number of rewards",
};

/**
 * Where a referral's reward stands: linked (no purchase yet), paid, held for review, rejected,
 * reversed (the friend's purchase was refunded or charged back), off (rewards were switched off).
 */
export const referralStatuses = ['linked', 'paid', 'held', 'rejected', 'reversed', 'off'] as const;

/** The queue's filters: waiting for review, and what became of the others. */
export const referralRewardFilters = ['held', 'paid', 'rejected', 'reversed'] as const;
export type ReferralRewardFilter = (typeof referralRewardFilters)[number];

export const referralRewardQuerySchema = z.object({
  status: z.enum(referralRewardFilters).default('held'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  /** The nextCursor of the page before: the list goes on after that row (keyset, not an offset). */
  after: z.string().min(1).max(200).optional(),
});

const coins = z.object({ gc: z.number(), sc: z.number() });

export const referralRewardRowSchema = z.object({
  referredUserId: z.number().int(),
  referredUsername: z.string(),
  referrerUserId: z.number().int(),
  referrerUsername: z.string(),
  status: z.enum(referralStatuses),
  holdReasons: z.array(z.enum(referralHoldReasons)),
  /** The reward, in coins (what was or would be credited to the referrer). */
  gc: z.number(),
  sc: z.number(),
  /** The friend's purchase that made it due. */
  purchaseId: z.number().int().nullable(),
  joinedAt: z.string(),
  /** When it reached its status (ISO 8601 UTC): the queue's order. */
  statusAt: z.string(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  reversalKind: z.enum(['refund', 'chargeback']).nullable(),
  /** A reversed reward: what was taken back, and what the referrer had played already. */
  takenBack: coins.nullable(),
  notTakenBack: coins.nullable(),
});
export type ReferralRewardRow = z.infer<typeof referralRewardRowSchema>;

export const referralRewardPageSchema = z.object({
  rows: z.array(referralRewardRowSchema),
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ReferralRewardPage = z.infer<typeof referralRewardPageSchema>;

export const referralRewardDecisionRequestSchema = z.object({ reason: reasonSchema });

export const referralRewardDecisionResponseSchema = z.object({
  referredUserId: z.number().int(),
  status: z.enum(['paid', 'rejected']),
  /** True when it was decided so already: nothing moved this time. */
  replayed: z.boolean(),
});
export type ReferralRewardDecisionResponse = z.infer<typeof referralRewardDecisionResponseSchema>;
