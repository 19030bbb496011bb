import { z } from 'zod';

/**
 * Redemption (seed 001 sections 2 'Redeem page', 3 'Bank funding source', 4 'Redeem',
 * 5 'Redeem form', 7 and 8). Amounts on the wire are SC with at most two decimals (1 SC = 1 USD);
 * inside the system they are hundredths.
 */
/** The smallest redemption by default, SC (seed 001 section 9); the server's REDEEM_MIN_COINS may raise it. */
export const DEFAULT_MIN_REDEEMABLE_COINS = 51;
/** seed 001 section 9: payout maximum 100000. */
export const PAYOUT_MAXIMUM = 100_000;
export const REDEEM_CURRENCY = 'USD';

/** A redemption's status numbers (seed 001 section 4, the transactions' numbers). */
export const redeemStatus = { pending: 0, success: 1, cancelled: 2, failed: 3, inProcess: 7 } as const;
export type RedeemStatus = (typeof redeemStatus)[keyof typeof redeemStatus];

export const redeemTexts = {
  explanation: 'Sweep Coins can be redeemed for a real cash price. Sweep Coins must be played to redeem.',
  activeNote: 'All transactions will be made using the Active bank account.',
  kycPendingTitle: 'KYC Pending',
  kycPendingHeading: 'Your KYC verification is pending',
  kycPendingBody: 'Please complete your face and id scan verification',
  kycPendingButton: 'Complete Verification',
  restricted: 'You are restricted for this action.',
  failedTitle: 'Failed',
  failedBody: 'Something Went Wrong ! Please Contact our support team.',
  inProcessTitle: 'Redemption in process',
  inProcessHeading: 'Your redeem request has been raised',
  inProcessBody: 'The amount will be deposited into your account in 2-3 business days.',
  submittedTitle: 'Redeem Request Submitted',
  statusTitle: 'Redeem Status',
  cancelled: 'Redeem request successfully cancelled',
  cancelFallback: 'Something went wrong',
  bankSaved: 'Your bank details have been saved successfully.',
  bankSaveFailed: 'Oops! Something went wrong while saving your bank details. Please try again.',
  insufficient: 'Insufficient Redeemable SC coins',
} as const;

export function belowMinimumMessage(min: number): string {
  return `Requested redemption amount is less than ${min} Redeemable SC coins`;
}
export function aboveMaximumMessage(max: number): string {
  return `Requested redemption amount is more than ${max} Redeemable SC coins`;
}
export function dailyCapMessage(max: number, remaining: number): string {
  return `You cannot redeem more than ${max} coins in one day. Your remaining redeemable coins for today are ${remaining}. You can try again tomorrow or with a different amount`;
}

/** seed 001 section 5 'Redeem form': the amount field's rules (the form and the server's body). */
export function redeemAmountSchema(max: number) {
  return z
    .number({ error: 'Must be a number' })
    .positive('Must be greater than 0')
    .max(max, `Amount must not exceed ${max}`)
    .refine((value) => Math.round(value * 100) === value * 100, 'Must be a number');
}

/** The e-wallet form variant: e-mail, amount, terms checkbox (seed 001 section 5). */
export function redeemFormSchema(max: number) {
  return z.object({
    actionableEmail: z.string().min(1, 'Please enter an email address').email('Invalid email address'),
    amount: z
      .string()
      .min(1, 'Amount Required')
      .refine((value) => /^\d+(\.\d{1,2})?$/.test(value), 'Must be a number')
      .refine((value) => Number(value) > 0, 'Must be greater than 0')
      .refine((value) => Number(value) <= max, `Amount must not exceed ${max}`),
    checkbox: z.literal(true, { error: 'Please select the checkbox' }),
  });
}

const wireAmount = z.number({ error: 'Must be a number' }).positive('Must be greater than 0');

/** POST /payment/init-pay with paymentType 'redeem': the e-wallet variant. */
export const initPayRedeemRequestSchema = z.object({
  actionableEmail: z.string().email('Invalid email address'),
  amount: wireAmount,
  checkbox: z.literal(true, { error: 'Please select the checkbox' }),
  currency: z.literal(REDEEM_CURRENCY).default(REDEEM_CURRENCY),
  paymentType: z.literal('redeem'),
});
export type InitPayRedeemRequest = z.infer<typeof initPayRedeemRequestSchema>;

/** POST /payment/paynote: a payout to the Active bank account. */
export const paynoteRedeemRequestSchema = z.object({
  amount: wireAmount,
  providerType: z.literal('PAYNOTE').default('PAYNOTE'),
  paymentType: z.literal('redeem').default('redeem'),
});

/**
 * POST /payment/finix/create-instrument-payout (seed 001 section 7: payload amount, packageId): a
 * redemption paid to a card the player bought with, by the card processor's push-to-card payout:
 * the saved card paymentInformationId, or the latest one. The seed's client sends a packageId; a
 * payout buys no package, so it is accepted and not used.
 */
export const cardPayoutRequestSchema = z.object({
  amount: wireAmount,
  packageId: z.number().int().positive().optional(),
  paymentInformationId: z.number().int().positive().optional(),
});

/** POST /payment/redeem-request: the init-pay shapes (an e-mail: e-wallet; none: the Active bank account). */
/**
 * The optional Idempotency-Key of a redemption request: the client sends one per redemption it
 * means to make and the same one when it retries, so a lost answer never makes two.
 */
export const redeemIdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'Idempotency-Key is 8-100 letters, digits or _ . : -')
    .optional(),
});

export const redeemRequestSchema = z.object({
  amount: wireAmount,
  actionableEmail: z.string().email('Invalid email address').optional(),
  checkbox: z.boolean().optional(),
  currency: z.literal(REDEEM_CURRENCY).optional(),
  paymentType: z.literal('redeem').default('redeem'),
  providerType: z.literal('PAYNOTE').optional(),
});

/** The answer of every redeem request: success false is the daily cap (seed 001 section 8). */
export const redeemResponseSchema = z.object({
  success: z.boolean(),
  withdrawRequestId: z.number().int().nullable(),
  status: z.number().int().nullable(),
  paymentData: z.object({ maximumAmount: z.number(), amount: z.number(), currency: z.literal(REDEEM_CURRENCY) }),
  limitCheck: z.object({
    limitReached: z.boolean(),
    /** The daily cap, SC. */
    limitAmount: z.number(),
    /** What may still be redeemed today (UTC day), SC. */
    remaining: z.number(),
    message: z.string().nullable(),
  }),
});
export type RedeemResponse = z.infer<typeof redeemResponseSchema>;

/** PUT /payment/redeem-request: cancel. */
export const cancelRedeemRequestSchema = z.object({ withdrawRequestId: z.coerce.number().int().positive() });
export const cancelRedeemResponseSchema = z.object({ success: z.boolean(), withdrawRequestId: z.number().int() });

/** seed 001 section 3 'Bank funding source'. */
export const fundingSourceSchema = z.object({
  source_id: z.number().int(),
  user_id: z.number().int(),
  bank: z.string(),
  /** The last digits of the account number: all of it we ever hold. */
  lbacc: z.string(),
  is_primary: z.boolean(),
});
export type FundingSource = z.infer<typeof fundingSourceSchema>;

export const fundingSourcesResponseSchema = z.object({
  list: z.array(fundingSourceSchema),
  /** The payout provider's bank-link widget for this player (the seed names this field finixData). */
  finixData: z.object({ linkUrl: z.string(), provider: z.literal('PAYNOTE') }),
});
export type FundingSourcesResponse = z.infer<typeof fundingSourcesResponseSchema>;

export const updateFundingSourceRequestSchema = z.object({
  userId: z.coerce.number().int().positive().optional(),
  sourceId: z.coerce.number().int().positive(),
});

/** PUT /payment/bank-details: the reference the bank-link widget returned (never the account number). */
export const bankDetailsRequestSchema = z.object({ accountReference: z.string().min(1).max(200) });

/** The bank-link widget's message to the page that opened it (window.postMessage). */
export const bankLinkMessageSchema = z.object({
  type: z.literal('paynote.linked'),
  accountReference: z.string(),
});

/** The profile's redeem part (seed 001 section 3 user details). */
export const profileRedeemSchema = z.object({
  minRedeemableCoins: z.number(),
  maxRedeemableCoins: z.number(),
});
export type ProfileRedeem = z.infer<typeof profileRedeemSchema>;

/** KYC counts as verified when APPROVED or COMPLETE, in any case (seed 001 section 4 'Redeem'). */
export function isKycVerified(kycStatus: string | null | undefined): boolean {
  const status = (kycStatus ?? '').toUpperCase();
  return status === 'APPROVED' || status === 'COMPLETE';
}
