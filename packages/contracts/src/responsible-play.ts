import { z } from 'zod';
import { base64Password } from './auth.js';

/**
 * Responsible play (seed 001 sections 2 'Responsible Play', 3 'Responsible gambling
 * data', 5 'Limits' and 'Password confirmation', 7). Limits are decimal amounts on the wire
 * (deposit limits in USD, bet limits in SC); the server keeps hundredths.
 */
export const depositLimitKinds = ['dailyDepositLimit', 'weeklyDepositLimit', 'monthlyDepositLimit'] as const;
export const betLimitKinds = ['dailyBetLimit', 'weeklyBetLimit', 'monthlyBetLimit'] as const;
export const limitKinds = [...depositLimitKinds, ...betLimitKinds] as const;
export type LimitKind = (typeof limitKinds)[number];
export type LimitPeriod = 'daily' | 'weekly' | 'monthly';

export function limitPeriodOf(kind: LimitKind): LimitPeriod {
  return kind.startsWith('daily') ? 'daily' : kind.startsWith('weekly') ? 'weekly' : 'monthly';
}

export function isDepositLimit(kind: LimitKind): boolean {
  return (depositLimitKinds as readonly string[]).includes(kind);
}

/** 'daily deposit limit', 'monthly bet limit': the {limit} of the seed's messages. */
export function limitLabel(kind: LimitKind): string {
  return `${limitPeriodOf(kind)} ${isDepositLimit(kind) ? 'deposit' : 'bet'} limit`;
}

/** Time break lengths in days, and self-exclusion periods. */
export const timeBreakDays = [1, 3, 7, 14, 30] as const;
export type TimeBreakDays = (typeof timeBreakDays)[number];
export const selfExclusionPeriods = ['SIX_MONTHS', 'ONE_YEAR', 'FIVE_YEARS', 'INDEFINITE'] as const;
export type SelfExclusionPeriod = (typeof selfExclusionPeriods)[number];
export const selfExclusionPeriodLabels: Record<SelfExclusionPeriod, string> = {
  SIX_MONTHS: '6 months',
  ONE_YEAR: '1 year',
  FIVE_YEARS: '5 years',
  INDEFINITE: 'Indefinitely',
};
/**
 * The period of the seed's self-exclusion payload (seed 001 section 7: selfExclusion 'yes' with the
 * password, no period): its screen offers no end date, so the exclusion it asks for has none. It
 * lasts until the player asks support to lift it, the safe reading of a request to stop playing.
 */
export const SEED_SELF_EXCLUSION_PERIOD: SelfExclusionPeriod = 'INDEFINITE';

/** A raise or a removal of a limit waits this long; a lowering applies at once. */
export const LIMIT_INCREASE_DELAY_HOURS = 24;
/** The largest limit accepted, in wire units. */
export const MAX_LIMIT_AMOUNT = 1_000_000;

export const responsiblePlayMessages = {
  /** Seed 001 section 5 'Limits': the bet limits reuse the wording with 'deposit'. */
  limitInvalid: (kind: LimitKind) =>
    limitPeriodOf(kind) === 'daily'
      ? `${limitLabel(kind)} must be a valid number and greater than 0`
      : `${limitLabel(kind)} must be a valid number greater than 0`,
  enterValidValue: (kind: LimitKind) => `Please enter valid value for ${limitLabel(kind)}`,
  cannotUpdateTill: (kind: LimitKind, date: string) => `You cannot update ${limitLabel(kind)} till ${date}`,
  /** 'You have spent total daily deposit limit $80.00' (bet limits in SC). */
  alreadySpent: (kind: LimitKind, amount: string) =>
    `You have spent total ${limitLabel(kind)} ${isDepositLimit(kind) ? '$' : 'SC '}${amount}`,
  passwordRequired: 'Password is required',
  passwordWeak: 'Password must include at least one uppercase and lowercase letter, one numeric digit, and one special character (@$!%*?&)',
  noChange: 'Please set at least one limit, a time break or a self-exclusion.',
  limitsUpdated: 'Your limits have been updated.',
  limitScheduled: (kind: LimitKind, date: string) => `Your new ${limitLabel(kind)} applies from ${date}.`,
  limitRemovalScheduled: (kind: LimitKind, date: string) => `Your ${limitLabel(kind)} will be removed on ${date}.`,
  timeBreakTaken: (until: string) => `You are on a time break until ${until}. You have been logged out.`,
  selfExcluded: (until: string | null) =>
    until
      ? `You have self-excluded until ${until}. You have been logged out.`
      : 'You have self-excluded indefinitely. You have been logged out.',
  /** Login, bets, purchases and bonus claims refused meanwhile. */
  excludedUntil: (kind: 'time_break' | 'self_exclusion', until: string | null) =>
    kind === 'time_break'
      ? `You are on a time break until ${until ?? ''}.`
      : until
        ? `You have self-excluded until ${until}.`
        : 'You have self-excluded indefinitely.',
  depositLimitReached: (kind: LimitKind, remaining: string) =>
    `This purchase would pass your ${limitLabel(kind)}. You can still purchase $${remaining} in this period.`,
  betLimitReached: (kind: LimitKind, remaining: string) =>
    `This bet would pass your ${limitLabel(kind)}. You can still bet SC ${remaining} in this period.`,
  noLimitToRemove: 'There is no such limit to remove.',
} as const;

/**
 * Seed 001 section 5 'Password confirmation': required, at least 8, a lowercase and an uppercase
 * letter, a digit and a special character. The seed names @$!%*?&; the specials that sign-up
 * allowed (!+@#$%^&*) are accepted too, so every password the product ever let a player choose
 * can confirm.
 */
const CONFIRM_SPECIALS = /[@$!%*?&#^+=]/;
export const confirmPasswordSchema = z
  .string()
  .min(1, { message: responsiblePlayMessages.passwordRequired, abort: true })
  .min(8, responsiblePlayMessages.passwordWeak)
  .max(200, responsiblePlayMessages.passwordWeak)
  .refine(
    (value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && CONFIRM_SPECIALS.test(value),
    responsiblePlayMessages.passwordWeak,
  );

/** The password confirmation form (the modal). */
export const confirmPasswordFormSchema = z.object({ password: confirmPasswordSchema });
export type ConfirmPasswordForm = z.infer<typeof confirmPasswordFormSchema>;

/** A limit as typed (a string) or sent (a number): positive, at most 2 decimals, no exponent. */
function limitValueSchema(kind: LimitKind) {
  return z.union([z.number(), z.string()]).transform((raw, context) => {
    const text = String(raw).trim();
    const value = Number(text);
    if (
      text === '' ||
      /e/i.test(text) ||
      !Number.isFinite(value) ||
      value <= 0 ||
      value > MAX_LIMIT_AMOUNT ||
      Math.round(value * 100) !== value * 100
    ) {
      context.addIssue({ code: 'custom', message: responsiblePlayMessages.limitInvalid(kind) });
      return z.NEVER;
    }
    return value;
  });
}

const limitFields = Object.fromEntries(limitKinds.map((kind) => [kind, limitValueSchema(kind).optional()])) as {
  [K in LimitKind]: z.ZodOptional<ReturnType<typeof limitValueSchema>>;
};

/**
 * POST /responsible-gambling/responsible-gambling-setting: any of the six limits, or a time
 * break, or a self-exclusion (selfExclusion 'yes', with a period or without one, which is
 * SEED_SELF_EXCLUSION_PERIOD), with the base64 password.
 */
export const responsibleGamblingSettingRequestSchema = z
  .object({
    password: base64Password(confirmPasswordSchema),
    ...limitFields,
    selfExclusion: z.literal('yes').optional(),
    selfExclusionPeriod: z.enum(selfExclusionPeriods).optional(),
    timeBreakDays: z
      .number()
      .refine((value) => (timeBreakDays as readonly number[]).includes(value), 'A time break is 1, 3, 7, 14 or 30 days.')
      .optional(),
  })
  .superRefine((value, context) => {
    const limits = limitKinds.filter((kind) => value[kind] !== undefined);
    const actions = [limits.length > 0, value.selfExclusion === 'yes', value.timeBreakDays !== undefined].filter(Boolean).length;
    if (actions !== 1) context.addIssue({ code: 'custom', message: responsiblePlayMessages.noChange, path: [] });
  });
export type ResponsibleGamblingSettingRequest = z.input<typeof responsibleGamblingSettingRequestSchema>;

export const responsibleGamblingSettingResponseSchema = z.object({
  isUpdated: z.boolean(),
  timebreak: z.boolean(),
  selfExcluded: z.boolean(),
  message: z.string(),
});
export type ResponsibleGamblingSettingResponse = z.infer<typeof responsibleGamblingSettingResponseSchema>;

export const removeResponsibleSettingRequestSchema = z.object({
  password: base64Password(confirmPasswordSchema),
  limitType: z.enum(limitKinds),
});
export type RemoveResponsibleSettingRequest = z.input<typeof removeResponsibleSettingRequestSchema>;

/** Seed 001 'Responsible gambling data': each limit with amount and createdAt, and its pending change. */
export const limitStateSchema = z.object({
  amount: z.number(),
  createdAt: z.string(),
  /** A raise waiting out its 24 hours (null with pendingAt set: a removal). */
  pendingAmount: z.number().nullable(),
  pendingAt: z.string().nullable(),
});
export type LimitState = z.infer<typeof limitStateSchema>;

export const totalBetLimitsSchema = z.object({
  totalBetAmountToday: z.number(),
  totalBetAmountWeekly: z.number(),
  totalBetAmountMonthly: z.number(),
});
export const totalDepositLimitsSchema = z.object({
  totalDepositAmountToday: z.number(),
  totalDepositAmountWeekly: z.number(),
  totalDepositAmountMonthly: z.number(),
});

export const gamblingHistoryResponseSchema = z.object({
  responsibleGambling: z.object(
    Object.fromEntries(limitKinds.map((kind) => [kind, limitStateSchema.nullable()])) as Record<
      LimitKind,
      z.ZodNullable<typeof limitStateSchema>
    >,
  ),
  totalBetLimits: totalBetLimitsSchema,
  totalDepositLimits: totalDepositLimitsSchema,
});
export type GamblingHistoryResponse = z.infer<typeof gamblingHistoryResponseSchema>;

/** MM/DD/YYYY hh:mm A in UTC (seed 001 section 9), for the server's messages. */
export function formatUtcDateTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = date.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()} ${pad(hour12)}:${pad(date.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'} UTC`;
}
