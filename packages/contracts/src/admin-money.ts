import { z } from 'zod';
import { pageQuerySchema, reasonSchema } from './admin.js';
import { coinTypes } from './constants.js';

/**
 * The back office's money desks (docs/decisions/024-back-office.md): the
 * manual coin adjustment, the redemption queue, purchases with their processor events, and the
 * reconciliation report. Amounts on the wire are coins or dollars with at most two decimals; the
 * server converts them to hundredths at the edge.
 */
export const adjustmentAccounts = ['GC', 'SC_BONUS', 'SC_UNPLAYED', 'SC_REDEEMABLE'] as const;
export type AdjustmentAccount = (typeof adjustmentAccounts)[number];

export const adjustmentAccountLabels: Record<AdjustmentAccount, string> = {
  GC: 'Gold Coins',
  SC_BONUS: 'SC bonus',
  SC_UNPLAYED: 'SC unplayed',
  SC_REDEEMABLE: 'SC redeemable',
};

export const moneyMessages = {
  amountFormat: 'Enter a non-zero amount with at most two decimals, e.g. 25 or -10.50.',
  amountTooLarge: 'An adjustment is at most 1,000,000 coins either way.',
  keyRequired: 'The request needs an idempotency key.',
} as const;

/** At most two decimals, non-zero, within a million coins either way. */
export const adjustmentAmountSchema = z
  .number(moneyMessages.amountFormat)
  .refine((value) => Number.isFinite(value) && value !== 0 && Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
    message: moneyMessages.amountFormat,
  })
  .refine((value) => Math.abs(value) <= 1_000_000, { message: moneyMessages.amountTooLarge });

export const balanceAdjustmentRequestSchema = z.object({
  account: z.enum(adjustmentAccounts),
  amount: adjustmentAmountSchema,
  reason: reasonSchema,
  /** Made once per opened form: a double submit (or a retry after a lost answer) adjusts once. */
  idempotencyKey: z.string().min(8, moneyMessages.keyRequired).max(100, moneyMessages.keyRequired),
});
export type BalanceAdjustmentRequest = z.input<typeof balanceAdjustmentRequestSchema>;

const balancesSchema = z.object({ gc: z.number(), bsc: z.number(), psc: z.number(), wsc: z.number() });

export const balanceAdjustmentResponseSchema = z.object({
  transferId: z.number().int(),
  /** True when this key had already adjusted: nothing moved this time. */
  replayed: z.boolean(),
  before: balancesSchema,
  after: balancesSchema,
});
export type BalanceAdjustmentResponse = z.infer<typeof balanceAdjustmentResponseSchema>;

// ---- The redemption queue ----

/** The queue's filters: the statuses of seed 001 section 4 that a redemption takes. */
export const redemptionQueueFilters = ['pending', 'inProcess', 'success', 'failed', 'cancelled', 'all'] as const;
export const redemptionQueueQuerySchema = pageQuerySchema.extend({
  status: z.enum(redemptionQueueFilters).default('pending'),
});

export const redemptionQueueRowSchema = z.object({
  redemptionId: z.number().int(),
  userId: z.number().int(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  kycStatus: z.string().nullable(),
  amount: z.number(),
  status: z.number().int(),
  method: z.string(),
  destination: z.string(),
  failureReason: z.string().nullable(),
  flags: z.array(z.object({ reason: z.string(), dayTotal: z.number(), dayCount: z.number().int() })),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
});
export type RedemptionQueueRow = z.infer<typeof redemptionQueueRowSchema>;

export const redemptionDecisionResponseSchema = z.object({ redemptionId: z.number().int(), status: z.number().int() });

/** What an operator reads in the redemption's failure reason after a rejection. */
export const REJECTED_BY_OPERATOR = 'REJECTED_BY_OPERATOR';

export const redemptionFlagLabels: Record<string, string> = {
  daily_total_at_or_above_10000: "Day's total at or above $10,000",
  repeated_near_daily_cap: 'Repeated requests near the daily cap',
};

// ---- Purchases and their processor events ----

export const purchaseQueueQuerySchema = pageQuerySchema.extend({
  /** A transaction status of seed 001 section 4, or every purchase. */
  status: z.coerce.number().int().min(0).max(99).optional(),
  userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

export const purchaseQueueRowSchema = z.object({
  purchaseId: z.number().int(),
  merchantRefNum: z.string(),
  userId: z.number().int(),
  username: z.string().nullable(),
  packageId: z.number().int(),
  amount: z.number(),
  gc: z.number(),
  sc: z.number(),
  status: z.number().int(),
  provider: z.string(),
  paymentMethod: z.string(),
  processorTransferId: z.string().nullable(),
  creditedTransferId: z.number().int().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  /** The processor's webhook events applied to it, oldest first. */
  events: z.array(z.object({ eventId: z.string(), transferState: z.string(), receivedAt: z.string() })),
  /** What the payments module recorded as needing a person (e.g. paid after it was given up). */
  alerts: z.array(z.object({ kind: z.string(), createdAt: z.string() })),
  /** A paid purchase recorded as refunded or charged back afterwards (status 10). */
  reversalKind: z.enum(['refund', 'chargeback']).nullable(),
});
export type PurchaseQueueRow = z.infer<typeof purchaseQueueRowSchema>;

/** A paid purchase the processor later refunded, or the card's bank charged back (status 10). */
export const purchaseReversalKinds = ['refund', 'chargeback'] as const;
export type PurchaseReversalKind = (typeof purchaseReversalKinds)[number];

export const purchaseReversalRequestSchema = z.object({ kind: z.enum(purchaseReversalKinds), reason: reasonSchema });
export type PurchaseReversalRequest = z.input<typeof purchaseReversalRequestSchema>;

const coinAmounts = z.object({ gc: z.number(), sc: z.number() });

export const purchaseReversalResponseSchema = z.object({
  purchaseId: z.number().int(),
  status: z.number().int(),
  kind: z.enum(purchaseReversalKinds),
  /** True when it was recorded already: nothing moved this time. */
  replayed: z.boolean(),
  /** The purchase's coins taken back from the player, and those the player had played already. */
  takenBack: coinAmounts,
  notTakenBack: coinAmounts,
});
export type PurchaseReversalResponse = z.infer<typeof purchaseReversalResponseSchema>;

// ---- Reconciliation ----

export const reconciliationCheckSchema = z.object({
  /** A stable name, e.g. 'purchases_credited_once'. */
  check: z.string(),
  title: z.string(),
  /** The rows that break it (at most 50 per check), each a flat record. */
  mismatches: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
});
export type ReconciliationCheck = z.infer<typeof reconciliationCheckSchema>;

export const reconciliationRunSchema = z.object({
  runId: z.number().int(),
  trigger: z.enum(['job', 'operator']),
  startedAt: z.string(),
  finishedAt: z.string(),
  clean: z.boolean(),
  mismatchCount: z.number().int(),
  checks: z.array(reconciliationCheckSchema),
});
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

export const moneyAlertRowSchema = z.object({
  alertId: z.number().int(),
  kind: z.string(),
  summary: z.string(),
  runId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type MoneyAlertRow = z.infer<typeof moneyAlertRowSchema>;

export const reconciliationOverviewSchema = z.object({
  latest: reconciliationRunSchema.nullable(),
  alerts: z.array(moneyAlertRowSchema),
});
export type ReconciliationOverview = z.infer<typeof reconciliationOverviewSchema>;

// ---- Refused wins ----

export const refusedWinQuerySchema = pageQuerySchema;

/**
 * A win the wallet refused for being above its game's limit (docs/decisions/058-win-limits.md): what the game
 * server asked for and the limit it was judged on. Amounts are decimals of the round's coin.
 */
export const refusedWinRowSchema = z.object({
  refusedWinId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  gameId: z.number().int(),
  /** Null when no game of the catalogue has this id any more. */
  gameName: z.string().nullable(),
  roundId: z.string(),
  /** The game server's transaction id of the win. */
  transactionId: z.string(),
  coin: z.enum(coinTypes),
  /** The round's bets. */
  bet: z.number(),
  win: z.number(),
  /** bet * maxWinMultiplier: the most the round could pay. */
  maxWin: z.number(),
  maxWinMultiplier: z.number().int(),
  createdAt: z.string(),
});
export type RefusedWinRow = z.infer<typeof refusedWinRowSchema>;

// ---- Failed webhooks ----

/** The providers whose signed webhooks are kept when their handling fails. */
export const webhookProviders = ['FINIX', 'PAYSAFE', 'PAYNOTE'] as const;
export type WebhookProvider = (typeof webhookProviders)[number];
export const webhookProviderLabels: Record<WebhookProvider, string> = {
  FINIX: 'Card processor (Finix)',
  PAYSAFE: 'Hosted checkout (Paysafe)',
  PAYNOTE: 'Payout provider (Paynote)',
};

/** failed: waiting for a retry or a replay; replayed: applied by an operator; resolved: applied by the provider's retry. */
export const failedWebhookStatuses = ['failed', 'replayed', 'resolved'] as const;
export type FailedWebhookStatus = (typeof failedWebhookStatuses)[number];
export const failedWebhookFilters = [...failedWebhookStatuses, 'all'] as const;

export const failedWebhookQuerySchema = pageQuerySchema.extend({
  status: z.enum(failedWebhookFilters).default('failed'),
});

export const failedWebhookRowSchema = z.object({
  webhookId: z.number().int(),
  provider: z.enum(webhookProviders),
  eventId: z.string(),
  /** Our purchase's merchantRefNum (Finix) or redemption id (Paynote). */
  reference: z.string(),
  /** What the event reported, e.g. 'transfer SUCCEEDED 9.99 USD'. */
  summary: z.string(),
  status: z.enum(failedWebhookStatuses),
  attempts: z.number().int(),
  lastError: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  replayedAt: z.string().nullable(),
  replayedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type FailedWebhookRow = z.infer<typeof failedWebhookRowSchema>;

export const webhookReplayResponseSchema = z.object({
  webhookId: z.number().int(),
  status: z.enum(failedWebhookStatuses),
  /** True when the event had already been handled (the handler answered a duplicate): nothing moved this time. */
  duplicate: z.boolean(),
});
export type WebhookReplayResponse = z.infer<typeof webhookReplayResponseSchema>;
