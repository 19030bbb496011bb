import { z } from 'zod';

/**
 * The domain events (docs/ARCHITECTURE.md 'The money core', docs/decisions/007-money-core.md): what happened to a
 * player's money, written to the outbox in the same database transaction as the movement it
 * describes and delivered after commit, at least once, to idempotent subscribers (the wallet
 * socket, live winners, recently played, play totals; later VIP progress, responsible-play totals,
 * ad conversions).
 *
 * Account events (a password changed, a verification decided, a break taken, a sign-in from a new
 * browser) are written the same way: the mails that tell the player of them are sent after the
 * commit, never for an action that rolled back (docs/decisions/062).
 *
 * Amounts are integer hundredths. Every event names its player, so a subscriber can re-read the
 * player's state instead of trusting the order of delivery.
 */
const coin = z.enum(['GC', 'SC']);
const hundredths = z.number().int().nonnegative();

const round = {
  userId: z.number().int().positive(),
  gameId: z.number().int().positive(),
  roundId: z.string().min(1),
  coin,
  amount: hundredths,
};

const redemption = {
  userId: z.number().int().positive(),
  redemptionId: z.number().int().positive(),
  amount: hundredths,
};

export const domainEventSchemas = {
  /** A bet was taken from the player's balance for a game round. */
  BetPlaced: z.object({ ...round, transferId: z.number().int() }),
  /** A bet was refused because the balance did not cover it (the player's pages are told). */
  BetRefused: z.object({ userId: z.number().int().positive(), coin }),
  /** A round was settled with its win (amount 0: a losing round closed). */
  WinPaid: z.object({ ...round, transferId: z.number().int().nullable() }),
  /** A bet was reversed (amount 0: the rollback arrived before its bet, which is now refused). */
  BetRolledBack: z.object({ ...round, transferId: z.number().int().nullable() }),
  /** A bonus credited GC and bonus SC. */
  BonusCredited: z.object({
    userId: z.number().int().positive(),
    bonusType: z.enum(['welcome', 'daily', 'promo_code', 'referral_reward', 'spin_wheel', 'vip_reward', 'rakeback', 'mail_in_entry']),
    gc: hundredths,
    sc: hundredths,
    transferId: z.number().int(),
  }),
  /** A purchase was paid (a verified processor result) and its coins credited: GC to GC, SC to psc. */
  PurchaseCredited: z.object({
    userId: z.number().int().positive(),
    intentId: z.number().int().positive(),
    packageId: z.number().int().positive(),
    /** What was paid, in cents (USD). */
    amount: hundredths,
    gc: hundredths,
    sc: hundredths,
    transferId: z.number().int(),
  }),
  /**
   * A paid purchase was refunded or charged back (status 10): its coins were taken back, as much of
   * them as the player still held (gc and sc: what was taken). Subscribers take back what it earned.
   */
  PurchaseReversed: z.object({
    userId: z.number().int().positive(),
    intentId: z.number().int().positive(),
    kind: z.enum(['refund', 'chargeback']),
    gc: hundredths,
    sc: hundredths,
    transferId: z.number().int(),
  }),
  /** A bonus was taken back (a referral reward whose friend's purchase was reversed): gc and sc taken. */
  BonusReversed: z.object({
    userId: z.number().int().positive(),
    bonusType: z.enum(['referral_reward']),
    gc: hundredths,
    sc: hundredths,
    transferId: z.number().int(),
  }),
  /** A redemption was requested: redeemable SC moved to the player's pending-redemption account (status 0). */
  RedemptionRequested: z.object({ ...redemption, transferId: z.number().int() }),
  /** The player cancelled a pending redemption: the SC went back to redeemable (status 2). */
  RedemptionCancelled: z.object({ ...redemption, transferId: z.number().int() }),
  /** After the review window the redemption was handed to the payout provider (status 7). */
  RedemptionSubmitted: z.object(redemption),
  /** The payout provider paid it: the pending SC left to the house's payouts account (status 1). */
  RedemptionPaid: z.object({ ...redemption, transferId: z.number().int() }),
  /** The payout failed, or an operator rejected it: the SC went back to redeemable (status 3). */
  RedemptionFailed: z.object({ ...redemption, transferId: z.number().int() }),
  /** An operator's manual adjustment: a signed amount into or out of one player account. */
  BalanceAdjusted: z.object({
    userId: z.number().int().positive(),
    account: z.enum(['GC', 'SC_BONUS', 'SC_UNPLAYED', 'SC_REDEEMABLE']),
    amount: z.number().int(),
    transferId: z.number().int(),
  }),
  /** The player's password was changed: from the account page, or through a reset link. */
  PasswordChanged: z.object({ userId: z.number().int().positive(), via: z.enum(['account', 'reset-link']) }),
  /** The identity vendor's verification of the player came back approved (users.kyc_status 'complete'). */
  KycApproved: z.object({ userId: z.number().int().positive() }),
  /** The identity vendor's verification of the player failed (users.kyc_status 'failed'). */
  KycFailed: z.object({ userId: z.number().int().positive() }),
  /** The player took a time break until endsAt (ISO 8601). */
  TimeBreakTaken: z.object({ userId: z.number().int().positive(), endsAt: z.string().datetime() }),
  /** The player excluded themself until endsAt (ISO 8601), or for good (null). */
  SelfExclusionTaken: z.object({ userId: z.number().int().positive(), endsAt: z.string().datetime().nullable() }),
  /**
   * The player signed in from a browser the account had not seen (docs/decisions/062): device is
   * the browser and system read from its user agent ("Chrome on Windows"), nothing more.
   */
  NewDeviceSignIn: z.object({ userId: z.number().int().positive(), device: z.string().min(1).max(80) }),
  /** An operator entered the player's mail-in card: the request was credited (sc) or refused with the reason (docs/decisions/069). */
  MailInEntryDecided: z.object({
    userId: z.number().int().positive(),
    requestId: z.number().int().positive(),
    outcome: z.enum(['credited', 'refused']),
    sc: hundredths,
    refusalReason: z.enum(['identity_mismatch', 'postmark_outside_rules', 'cap_reached']).nullable(),
  }),
} as const;

export type DomainEventType = keyof typeof domainEventSchemas;

export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof domainEventSchemas)[T]>;

/** One event: its type and payload, discriminated by `type`. */
export type DomainEvent = { [T in DomainEventType]: { type: T; payload: DomainEventPayload<T> } }[DomainEventType];

/** The events after which a player's balances differ: the wallet socket sends them again. */
export const balanceChangingEvents: readonly DomainEventType[] = [
  'BetPlaced',
  'WinPaid',
  'BetRolledBack',
  'BonusCredited',
  'PurchaseCredited',
  'PurchaseReversed',
  'BonusReversed',
  'RedemptionRequested',
  'RedemptionCancelled',
  'RedemptionFailed',
  'BalanceAdjusted',
];

/** Parses a stored event; throws on an unknown type or a payload that does not match its schema. */
export function parseDomainEvent(type: string, payload: unknown): DomainEvent {
  if (!(type in domainEventSchemas)) throw new Error(`Unknown domain event type: ${type}`);
  const schema = domainEventSchemas[type as DomainEventType];
  return { type, payload: schema.parse(payload) } as DomainEvent;
}
