import { z } from 'zod';

/**
 * The operator back office: roles shared by the server's checks and the admin UI.
 * Least privilege: each route names the roles that may call it; 'admin' may call every route.
 */
export const operatorRoles = ['support', 'payments', 'compliance', 'content', 'admin'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/** The signed-in operator, as the back office sees it. */
export interface OperatorSummary {
  operatorId: number;
  email: string;
  displayName: string;
  roles: OperatorRole[];
}

export const operatorRoleLabels: Record<OperatorRole, string> = {
  support: 'Support',
  payments: 'Payments',
  compliance: 'Compliance',
  content: 'Content',
  admin: 'Admin',
};

/**
 * Who may do what in the core desks (docs/decisions/024-back-office.md). The server's routes and
 * the web shell read the same lists; 'admin' is implied everywhere.
 */
export const adminAccess = {
  /** The audit trail: who did what. */
  auditRead: ['compliance'],
  /** Search players and read a player's page (profile, wallet, rounds, purchases, redemptions). */
  playersRead: ['support', 'payments', 'compliance'],
  /** Restrict or lift a player's redemptions (3079). */
  playerRestrict: ['payments', 'compliance'],
  /** Block a player (no login, sessions end) or lift the block. */
  playerBlock: ['compliance'],
  /** End a player's sessions and sockets. */
  playerEndSessions: ['support', 'compliance'],
  /** Create operators, change their roles, disable them, reset their two-factor. */
  operatorsManage: ['admin'],
  /**
   * Change what players see: banners, popups, store packages and offers, site config, spin-wheel
   * weights, VIP tier values (each change versioned and audited).
   */
  contentManage: ['content'],
  /**
   * Switch the location gate between enforce and monitor (site config): it turns a compliance
   * control on and off, so compliance's (and admin's), not content's.
   */
  geolocationModeChange: ['compliance'],
  /** Read the site configuration: content changes most of it, compliance its location gate mode. */
  siteConfigRead: ['content', 'compliance'],
  /**
   * Reports per day and game (money in and out, measured RTP): the money and compliance desks'
   * figures, not support's or content's.
   */
  reportsRead: ['payments', 'compliance'],
  /** A manual coin adjustment on a player's page (a balanced ledger transfer from the house's adjustments account). */
  balanceAdjust: ['payments'],
  /** The redemption queue with its AML flags, purchases with their processor events, the reconciliation report. */
  moneyRead: ['payments', 'compliance'],
  /** Approve a redemption (hand it to the payout provider now) or reject it with a refund. */
  redemptionDecide: ['payments'],
  /** Failed processor and payout-provider webhooks: the list, and replaying one. */
  webhooksReplay: ['payments'],
  /** Record a paid purchase as refunded or charged back: its coins, and the referral reward it earned, are taken back. */
  purchaseReverse: ['payments'],
  /** Referral rewards held for review (the friend looks like the referrer, or the day's cap was reached). */
  referralRewardsRead: ['payments', 'compliance'],
  /** Approve a held referral reward (it is paid) or reject it. */
  referralRewardDecide: ['payments'],
  /** The Mail-in desk: look a card's code up, enter the card (credited or refused), read the settings. */
  mailInDesk: ['compliance', 'support'],
  /** Change the mail-in settings: the SC a card credits, the cap and its period, the address, card format and rules. */
  mailInSettings: ['compliance'],
} as const satisfies Record<string, readonly OperatorRole[]>;

/** Whether an operator with these roles holds one of the allowed ones ('admin' holds every role). */
export function holdsRole(roles: readonly OperatorRole[], allowed: readonly OperatorRole[]): boolean {
  return roles.includes('admin') || allowed.some((role) => roles.includes(role));
}

export const operatorSummarySchema = z.object({
  operatorId: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(operatorRoles)),
});

// ---- Sign-in: password, then a TOTP code (enrolment the first time) ----

export const adminMessages = {
  emailInvalid: 'Please enter a valid e-mail address.',
  passwordRequired: 'Please enter your password.',
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  reasonRequired: 'Please give a reason (at least 5 characters).',
  reasonTooLong: 'The reason must be at most 500 characters.',
  passwordRule: 'The password must be 12 to 128 characters long.',
  displayNameRule: 'Please enter a name of 1 to 80 characters.',
  rolesRequired: 'Choose at least one role.',
  searchRule: 'Enter an id, a username, an e-mail or a phone number (at most 100 characters).',
} as const;

export const operatorLoginRequestSchema = z.object({
  email: z.email(adminMessages.emailInvalid).max(254, adminMessages.emailInvalid),
  password: z.string().min(1, adminMessages.passwordRequired).max(128, adminMessages.passwordRule),
});
export type OperatorLoginRequest = z.infer<typeof operatorLoginRequestSchema>;

/**
 * The answer to a right password: no session yet. 'totp' asks for the code of the operator's
 * authenticator; 'enrol' (first sign-in, or after an admin reset the two-factor) shows the new
 * secret as an otpauth URI and a QR code, confirmed by its first code. A plain union rather than
 * z.discriminatedUnion: zod sits in the lobby's first download, and a zod feature that only the
 * back office used would be added to it.
 */
export const operatorLoginResponseSchema = z.union([
  z.object({ step: z.literal('totp') }),
  z.object({
    step: z.literal('enrol'),
    otpauthUri: z.string(),
    /** The same secret in base32, for typing into an app that cannot scan. */
    secret: z.string(),
    /** The otpauth URI as a QR code (an SVG data: URL). */
    qrDataUrl: z.string(),
  }),
]);
export type OperatorLoginResponse = z.infer<typeof operatorLoginResponseSchema>;

export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, adminMessages.codeFormat);

export const operatorTotpRequestSchema = z.object({ code: totpCodeSchema });

// ---- Actions that change something carry a reason ----

export const reasonSchema = z.string().trim().min(5, adminMessages.reasonRequired).max(500, adminMessages.reasonTooLong);
export const reasonRequestSchema = z.object({ reason: reasonSchema });

export const operatorPasswordSchema = z.string().min(12, adminMessages.passwordRule).max(128, adminMessages.passwordRule);
export const displayNameSchema = z.string().trim().min(1, adminMessages.displayNameRule).max(80, adminMessages.displayNameRule);
export const rolesSchema = z
  .array(z.enum(operatorRoles))
  .min(1, adminMessages.rolesRequired)
  .transform((roles) => [...new Set(roles)]);

// ---- Operators (admin only) ----

export const operatorRowSchema = operatorSummarySchema.extend({
  twoFactorEnrolled: z.boolean(),
  disabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorRow = z.infer<typeof operatorRowSchema>;

export const createOperatorRequestSchema = z.object({
  email: z.email(adminMessages.emailInvalid).max(254, adminMessages.emailInvalid),
  displayName: displayNameSchema,
  password: operatorPasswordSchema,
  roles: rolesSchema,
  reason: reasonSchema,
});
export type CreateOperatorRequest = z.input<typeof createOperatorRequestSchema>;

export const updateOperatorRolesRequestSchema = z.object({ roles: rolesSchema, reason: reasonSchema });
export const setOperatorDisabledRequestSchema = z.object({ disabled: z.boolean(), reason: reasonSchema });

// ---- Paging ----

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

// ---- The audit trail ----

/** yyyy-mm-dd or a full ISO time; a bare date is a UTC day. */
const dateFilter = z.iso.datetime({ offset: true }).or(z.iso.date()).optional();

export const auditQuerySchema = pageQuerySchema.extend({
  operatorId: z.coerce.number().int().positive().optional(),
  /** An action ('player.restrict') or a family of them ('player.'). */
  action: z.string().trim().max(80).optional(),
  targetType: z.string().trim().max(40).optional(),
  targetId: z.string().trim().max(80).optional(),
  /** From this time (a date: its 00:00 UTC), inclusive. */
  from: dateFilter,
  /** Until this time (a date: the end of that UTC day), inclusive. */
  to: dateFilter,
});

export const auditRowSchema = z.object({
  id: z.number().int(),
  /** ISO 8601 UTC. */
  at: z.string(),
  operatorId: z.number().int().nullable(),
  operatorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

// ---- The players desk ----

export const playerSearchQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().min(1, adminMessages.searchRule).max(100, adminMessages.searchRule),
});

export const playerSearchRowSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  kycStatus: z.string(),
  restricted: z.boolean(),
  blocked: z.boolean(),
  createdAt: z.string(),
});
export type PlayerSearchRow = z.infer<typeof playerSearchRowSchema>;

export const playerSessionSchema = z.object({
  sessionId: z.number().int(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  endedAt: z.string().nullable(),
  active: z.boolean(),
});

export const playerDetailSchema = z.object({
  profile: z.object({
    userId: z.number().int(),
    username: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    phone: z.string().nullable(),
    phoneVerified: z.boolean(),
    address: z.string().nullable(),
    signInIp: z.string().nullable(),
    createdAt: z.string(),
  }),
  kyc: z.object({ status: z.string(), vendorStatus: z.string().nullable(), lastSessionAt: z.string().nullable() }),
  restriction: z.object({ reason: z.string().nullable(), since: z.string() }).nullable(),
  block: z.object({ reason: z.string(), since: z.string() }).nullable(),
  responsiblePlay: z.object({
    limits: z.array(
      z.object({
        kind: z.string(),
        amount: z.number(),
        since: z.string(),
        pendingAmount: z.number().nullable(),
        pendingAt: z.string().nullable(),
      }),
    ),
    exclusions: z.array(
      z.object({ kind: z.string(), period: z.string(), startsAt: z.string(), endsAt: z.string().nullable(), active: z.boolean() }),
    ),
  }),
  /** Balances as decimals: GC, and SC as bonus, unplayed, redeemable and pending redemption. */
  wallet: z.object({ gc: z.number(), bsc: z.number(), psc: z.number(), wsc: z.number(), pendingRedemption: z.number() }),
  sessions: z.array(playerSessionSchema),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

export const playerTransferRowSchema = z.object({
  transferId: z.number().int(),
  reason: z.string(),
  reference: z.string().nullable(),
  gc: z.number(),
  sc: z.number(),
  createdAt: z.string(),
});

export const playerRoundRowSchema = z.object({
  roundId: z.number().int(),
  game: z.string(),
  coin: z.string(),
  bet: z.number(),
  win: z.number(),
  status: z.string(),
  balanceBefore: z.number().nullable(),
  balanceAfter: z.number().nullable(),
  outcome: z.unknown(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});

export const playerPurchaseRowSchema = z.object({
  purchaseId: z.number().int(),
  merchantRefNum: z.string(),
  packageId: z.number().int(),
  amount: z.number(),
  gc: z.number(),
  sc: z.number(),
  status: z.number().int(),
  paymentMethod: z.string(),
  provider: z.string(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
});

export const playerRedemptionRowSchema = z.object({
  redemptionId: z.number().int(),
  amount: z.number(),
  status: z.number().int(),
  method: z.string(),
  failureReason: z.string().nullable(),
  flags: z.array(z.string()),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});

/** Status numbers of purchases and redemptions (seed 001 section 4), for the operator's tables. */
export const purchaseStatusLabels: Record<number, string> = {
  0: 'pending',
  1: 'success',
  3: 'failed',
  6: 'declined',
  7: 'in process',
  10: 'refunded',
  11: 'short',
};
export const redemptionStatusLabels: Record<number, string> = {
  0: 'pending',
  1: 'paid',
  2: 'cancelled',
  3: 'failed',
  7: 'in process',
};

/**
 * The actions the core records (a desk adds its own, dotted the same way). The audit page offers
 * them as filters; a family ('player.') matches every action under it.
 */
export const auditActionLabels: Record<string, string> = {
  'operator.login': 'Signed in',
  'operator.login.failed': 'Sign-in failed',
  'operator.logout': 'Signed out',
  'operator.two_factor.enrolled': 'Two-factor enrolled',
  'operator.create': 'Operator created',
  'operator.roles.update': 'Operator roles changed',
  'operator.disable': 'Operator disabled',
  'operator.enable': 'Operator enabled',
  'operator.two_factor.reset': 'Operator two-factor reset',
  'player.view': 'Player viewed',
  'player.restrict': 'Player restricted',
  'player.unrestrict': 'Player restriction lifted',
  'player.block': 'Player blocked',
  'player.unblock': 'Player block lifted',
  'player.sessions.end': 'Player sessions ended',
  'content.banner.create': 'Banner created',
  'content.banner.update': 'Banner changed',
  'content.package.update': 'Package changed',
  'content.site_config.update': 'Site config changed',
  'content.spin_wheel.update': 'Spin-wheel weights changed',
  'content.vip_tier.update': 'VIP tier changed',
  'content.popup.update': 'Popup changed',
  'content.cms_page.update': 'CMS page changed',
  'player.balance.adjust': 'Player balance adjusted',
  'redemption.approve': 'Redemption approved',
  'redemption.reject': 'Redemption rejected (refunded)',
  'reconciliation.run': 'Reconciliation run',
  'webhook.replay': 'Failed webhook replayed',
  'webhook.replay.failed': 'Failed webhook replay failed again',
  'purchase.reverse': 'Purchase refunded or charged back',
  'referral_reward.hold': 'Referral reward held for review',
  'referral_reward.approve': 'Referral reward approved (paid)',
  'referral_reward.reject': 'Referral reward rejected',
  'referral_reward.reverse': 'Referral reward taken back',
  'mail_in.card.credit': 'Mail-in card credited',
  'mail_in.card.refuse': 'Mail-in card refused',
  'mail_in.settings.update': 'Mail-in settings changed',
};
