import { z } from 'zod';

/**
 * The store and the purchase path (seed 001 sections 3, 4 and 7). Money on the wire is a decimal
 * number with at most two places (dollars for amounts, coins for gcCoin and scCoin).
 */
export const PACKAGES_PAGE_SIZE = 20;

/** seed 001 section 3 'Package', every field. */
export const packageSchema = z.object({
  packageId: z.number().int(),
  createdAt: z.string(),
  packageType: z.string().nullable(),
  showPackageType: z.boolean(),
  amount: z.number(),
  previousAmount: z.number().nullable(),
  gcCoin: z.number(),
  scCoin: z.number(),
  imageUrl: z.string().nullable(),
  isPromo: z.boolean(),
  firstPurchaseApplicable: z.boolean(),
  welcomePurchaseBonusApplicable: z.boolean(),
  welcomePurchaseBonusApplicableMinutes: z.number().int().nullable(),
  oneTimePurchaseBonusApplicable: z.boolean(),
  validTill: z.string().nullable(),
});
export type Package = z.infer<typeof packageSchema>;

export const packageListSchema = z.object({ rows: z.array(packageSchema), count: z.number().int() });
export type PackageList = z.infer<typeof packageListSchema>;

/**
 * A flash-sale offer the signed-in player can buy now (GET /details/offers, decision 011): the
 * package, which kind of offer it is, and when it ends for this player (null: no end, no timer).
 * A welcome offer ends welcomePurchaseBonusApplicableMinutes after the player's registration, a
 * one-time offer at validTill; each is sold to a player once.
 */
export const offerKinds = ['welcome', 'one_time'] as const;
export type OfferKind = (typeof offerKinds)[number];
export const offerSchema = packageSchema.extend({
  offerKind: z.enum(offerKinds),
  offerEndsAt: z.string().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;
export const offerListSchema = z.object({ rows: z.array(offerSchema), count: z.number().int() });
export type OfferList = z.infer<typeof offerListSchema>;

export const packagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PACKAGES_PAGE_SIZE),
});

/**
 * FINIX: card fields in the processor's frame; PAYSAFE: the hosted checkout (card or e-wallet);
 * SHIFT4: the card gateway's page (i4Go) answers a token, charged by POST /payment/shift4/sale.
 */
export const providerTypes = ['FINIX', 'PAYSAFE', 'SHIFT4'] as const;
export type ProviderType = (typeof providerTypes)[number];

/** 'Please enter a valid positive amount.' (seed 001 section 5 'Payment amount'). */
export const INVALID_AMOUNT_MESSAGE = 'Please enter a valid positive amount.';

export const initPayRequestSchema = z.object({
  amount: z.number({ error: INVALID_AMOUNT_MESSAGE }).positive(INVALID_AMOUNT_MESSAGE),
  packageId: z.number().int().positive(),
  paymentType: z.literal('deposit'),
  providerType: z.enum(providerTypes),
});
export type InitPayRequest = z.infer<typeof initPayRequestSchema>;

/** seed 001 section 3 'Init-pay response' and 'Payment data'. */
export const initPayResponseSchema = z.object({
  success: z.boolean(),
  paymentData: z
    .object({
      merchantRefNum: z.string(),
      /** FINIX: the processor's card-field page (an iframe on the processor's own path). */
      cardFormUrl: z.string().optional(),
      /** PAYSAFE: the hosted checkout page, its customer token and environment (LIVE only in production). */
      checkoutUrl: z.string().optional(),
      singleUseCustomerToken: z.string().optional(),
      environment: z.enum(['LIVE', 'TEST']).optional(),
      amount: z.number(),
      currency: z.literal('USD'),
    })
    // null: refused by a deposit limit (limitCheck.limitReached), no payment was started.
    .nullable(),
  limitCheck: z.object({ limitReached: z.boolean(), limitAmount: z.number().nullable(), message: z.string().nullable() }),
  data: z.object({ providerType: z.enum(providerTypes) }),
  id: z.number().int().nullable(),
  application: z.string(),
});
export type InitPayResponse = z.infer<typeof initPayResponseSchema>;
/** An init-pay that started a payment (not refused by a limit). */
export type StartedPayment = InitPayResponse & { paymentData: NonNullable<InitPayResponse['paymentData']>; id: number };

export const cardBrands = ['VISA', 'MASTERCARD', 'DISCOVER', 'AMERICAN_EXPRESS'] as const;

/** Wallets: the token is the wallet's payment token (Apple Pay's payment.token, Google Pay's tokenizationData.token) as JSON text. */
export const walletTypes = ['APPLE_PAY', 'GOOGLE_PAY'] as const;
export type WalletType = (typeof walletTypes)[number];
export function isWalletType(type: string): type is WalletType {
  return (walletTypes as readonly string[]).includes(type);
}

/** POST /payment/finix/apple-pay-session (seed 001 section 7): the merchant validation of an Apple Pay sheet. */
export const applePaySessionRequestSchema = z.object({
  provider: z.literal('FINIX').default('FINIX'),
  validation_url: z.string().url().max(500),
  merchant_identity: z.string().max(200).optional(),
  domain: z.string().min(1).max(253),
  display_name: z.string().min(1).max(64),
});
/** The opaque merchant session Apple's sheet takes in completeMerchantValidation. */
export const applePaySessionResponseSchema = z.object({ sessionDetails: z.record(z.string(), z.unknown()) });
export type ApplePaySessionResponse = z.infer<typeof applePaySessionResponseSchema>;

/**
 * POST /payment/finix/create-instrument. The card itself never comes here: `token` is what the
 * processor's card-field page returned, or `paymentInformationId` names a saved card.
 */
export const createInstrumentRequestSchema = z
  .object({
    type: z.enum(['PAYMENT_CARD', 'TOKEN', 'APPLE_PAY', 'GOOGLE_PAY']).default('TOKEN'),
    /** A card-field token, or a wallet payment token as JSON text (a few KB). */
    token: z.string().min(1).max(16_000).optional(),
    paymentInformationId: z.number().int().positive().optional(),
    merchantRefNum: z.string().min(1).max(100),
    amount: z.number().positive(INVALID_AMOUNT_MESSAGE),
    packageId: z.number().int().positive(),
    isSaveCard: z.boolean().default(false),
    name: z.string().max(200).optional(),
  })
  .refine((body) => body.token !== undefined || body.paymentInformationId !== undefined, {
    message: 'A card token or a saved card is required.',
    path: ['token'],
  })
  .refine((body) => !isWalletType(body.type) || (body.token !== undefined && body.paymentInformationId === undefined), {
    message: 'A wallet payment needs the wallet token.',
    path: ['token'],
  });
export type CreateInstrumentRequest = z.input<typeof createInstrumentRequestSchema>;

/** seed 001 section 4 'Card payment': SUCCEEDED, FAILED, or a 3-D Secure step (PENDING). */
export const cardPaymentStates = ['SUCCEEDED', 'FAILED', 'PENDING'] as const;

export const createInstrumentResponseSchema = z.object({
  state: z.enum(cardPaymentStates),
  merchantRefNum: z.string(),
  /** The 3-D Secure challenge page when state is PENDING. */
  threeDSecureUrl: z.string().nullable(),
  message: z.string().nullable(),
});
export type CreateInstrumentResponse = z.infer<typeof createInstrumentResponseSchema>;

/**
 * POST /payment/shift4/sale (seed 001 section 7; its payload is not shown there): charges the
 * intent of init-pay (providerType SHIFT4) with the TrueToken the gateway's card page answered.
 * The answer is the card payment's: SUCCEEDED or FAILED (a sale has no 3-D Secure step).
 */
export const shift4SaleRequestSchema = z.object({
  merchantRefNum: z.string().min(1).max(100),
  amount: z.number({ error: INVALID_AMOUNT_MESSAGE }).positive(INVALID_AMOUNT_MESSAGE),
  packageId: z.number().int().positive(),
  token: z.string().min(1).max(200),
});

/**
 * GET /payment/assets (seed 001 section 7; its answer is not shown there): what the store and the
 * redeem page can offer on this site now, by provider: the card brands accepted (seed 001 section 2:
 * Visa, Mastercard, Discover, Amex), the purchase methods of each configured payment provider and
 * the payout methods of each configured payout provider. A provider that is not configured is not
 * listed.
 */
export const purchaseMethods = ['PAYMENT_CARD', 'APPLE_PAY', 'GOOGLE_PAY', 'HOSTED_CARD', 'EWALLET'] as const;
export const payoutMethods = ['BANK', 'EWALLET', 'CARD'] as const;
export const paymentAssetsSchema = z.object({
  currency: z.literal('USD'),
  cardBrands: z.array(z.enum(cardBrands)),
  purchase: z.array(z.object({ providerType: z.enum(providerTypes), methods: z.array(z.enum(purchaseMethods)) })),
  redeem: z.array(z.object({ providerType: z.enum(['PAYNOTE', 'FINIX']), methods: z.array(z.enum(payoutMethods)) })),
});
export type PaymentAssets = z.infer<typeof paymentAssetsSchema>;

/** seed 001 section 3 'Saved card'. */
export const savedCardSchema = z.object({
  id: z.number().int(),
  paymentInformationId: z.number().int(),
  name: z.string(),
  brand: z.string(),
  lastFour: z.string(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

export const removeSavedCardRequestSchema = z.object({ paymentInformationId: z.number().int().positive() });

export const paymentStatusQuerySchema = z.object({
  providerType: z.enum(providerTypes),
  paymentReference: z.string().min(1).max(100),
});

/** Transaction status numbers of seed 001 section 4. */
export const transactionStatus = {
  pending: 0,
  success: 1,
  cancelled: 2,
  failed: 3,
  declined: 6,
  inProcess: 7,
  refund: 10,
  short: 11,
} as const;

export const paymentStatusSchema = z.object({
  merchantRefNum: z.string(),
  status: z.number().int(),
  message: z.string(),
  amount: z.number(),
  gcCoin: z.number(),
  scCoin: z.number(),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** Payment messages of seed 001 section 8, exact. */
export const paymentMessages = {
  success: 'Your Payment has been successfull, Please allow 1-2 minutes for your funds to appear!',
  failed: 'Your Payment has been failed, if any amount got deducted, will be refunded in 2-3 business days',
  declined: 'The payment was declined',
  purchaseErrorTitle: 'Error in purchase',
  purchaseErrorFallback: 'Please try after some time',
  applePayUnavailable: 'Apple Pay is not available on this device',
  inProcess: 'Your payment has been processed',
  inProcessDetail: 'The amount will reflect in your wallet in 2-5 minutes.',
} as const;

/** POST /payment/paysafe: completion of the hosted checkout (a null token on a redirect). */
export const paysafeCompleteRequestSchema = z.object({
  merchantRefNum: z.string().min(1).max(100),
  paymentHandleToken: z.string().min(1).max(200).nullable(),
  paymentType: z.literal('deposit'),
});

export const paysafeCompleteResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  status: z.number().int(),
});
export type PaysafeCompleteResponse = z.infer<typeof paysafeCompleteResponseSchema>;

/** The hosted checkout closes itself this long after its success or failure screen. */
export const HOSTED_CHECKOUT_CLOSE_MS = 5000;
