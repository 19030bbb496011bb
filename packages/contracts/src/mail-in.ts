import { z } from 'zod';
import { reasonSchema } from './admin.js';

/**
 * Mail-in entry, the free alternate method of entry (docs/decisions/069-mail-in-entry.md): the
 * player's page (/mail-in-entry), the back office's Mail-in desk and its settings. Amounts on the
 * wire are decimals with at most two places; dates of postmarks are UTC calendar days.
 */

/** The code's alphabet: no 0/O, 1/I/L, nor U, so a code read from a handwritten card is not mistaken. */
export const MAIL_IN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
/** 12 characters of 30: about 59 bits, drawn by the server's cryptographic random generator. */
export const MAIL_IN_CODE_LENGTH = 12;

/** A code as typed (any case, spaces or dashes) in the form it is stored: upper case, nothing else. */
export function normaliseMailInCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, '');
}

/** ABCD-EFGH-JKMN: how a code is shown to be copied onto a card. */
export function formatMailInCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

export const mailInRequestStatuses = ['open', 'credited', 'refused'] as const;
export type MailInRequestStatus = (typeof mailInRequestStatuses)[number];

/** Why a card was refused. The first two leave the request as it was; the others refuse it. */
export const mailInRefusalReasons = ['code_unknown', 'code_used', 'identity_mismatch', 'postmark_outside_rules', 'cap_reached'] as const;
export type MailInRefusalReason = (typeof mailInRefusalReasons)[number];
/** The reasons a request itself is refused for (a card with its code decided it). */
export const mailInRequestRefusals = ['identity_mismatch', 'postmark_outside_rules', 'cap_reached'] as const;
export type MailInRequestRefusal = (typeof mailInRequestRefusals)[number];

export const mailInRefusalLabels: Record<MailInRefusalReason, string> = {
  code_unknown: 'No request has this code.',
  code_used: 'This code was already used by an earlier card.',
  identity_mismatch: 'The name or address on the card does not match the account.',
  postmark_outside_rules: 'The postmark date is outside the period the rules allow.',
  cap_reached: 'The limit of mail-in credits for the period was already reached.',
};

export const mailInCapPeriods = ['day', 'week'] as const;
export type MailInCapPeriod = (typeof mailInCapPeriods)[number];

export const mailInMessages = {
  scAmount: 'Enter an amount of SC above 0 and at most 100, with two decimals at most.',
  capCount: 'Enter a whole number of credits from 1 to 100.',
  capPeriod: 'Choose a UTC day or a UTC week.',
  postmarkDays: 'Enter a whole number of days from 1 to 365.',
  postalAddress: 'Enter the postal address, 10 to 500 characters.',
  cardFormat: 'Enter the card format, 10 to 2,000 characters.',
  rulesText: 'Enter the rules, 20 to 10,000 characters.',
  code: 'Enter the code from the card (letters and digits).',
  postmarkDate: 'Enter the postmark date (YYYY-MM-DD).',
  postmarkFuture: 'The postmark date cannot be in the future.',
  identityMatches: 'Say whether the name and address on the card match the account.',
} as const;

/** The operator settings, as the player's page shows them (amounts as decimals). */
export const mailInRulesSchema = z.object({
  scAmount: z.number(),
  capCount: z.number().int(),
  capPeriod: z.enum(mailInCapPeriods),
  /** A card must be postmarked on or after the day its code was issued, and within this many days. */
  postmarkDays: z.number().int(),
  postalAddress: z.string(),
  cardFormat: z.string(),
  rulesText: z.string(),
});
export type MailInRules = z.infer<typeof mailInRulesSchema>;

/** One of the player's requests, as the player sees it. */
export const mailInRequestSchema = z.object({
  requestId: z.number().int(),
  code: z.string(),
  status: z.enum(mailInRequestStatuses),
  refusalReason: z.enum(mailInRequestRefusals).nullable(),
  /** The SC credited (credited only). */
  sc: z.number().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MailInRequest = z.infer<typeof mailInRequestSchema>;

export const mailInRequestListSchema = z.object({ rows: z.array(mailInRequestSchema), count: z.number().int() });
export type MailInRequestList = z.infer<typeof mailInRequestListSchema>;

// ---- The back office: the desk ----

const cents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
const utcDay = /^\d{4}-\d{2}-\d{2}$/;

export const mailInCodeQuerySchema = z.object({
  code: z.string().trim().min(1, mailInMessages.code).max(40, mailInMessages.code),
});

/** One card as the operator types it from the envelope. */
export const mailInCardRequestSchema = z.object({
  code: z.string().trim().min(1, mailInMessages.code).max(40, mailInMessages.code),
  postmarkDate: z
    .string(mailInMessages.postmarkDate)
    .regex(utcDay, mailInMessages.postmarkDate)
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), mailInMessages.postmarkDate)
    .refine((day) => day <= new Date().toISOString().slice(0, 10), mailInMessages.postmarkFuture),
  identityMatches: z.boolean(mailInMessages.identityMatches),
  reason: reasonSchema,
});
export type MailInCardRequest = z.input<typeof mailInCardRequestSchema>;

/** What the desk shows of a request found by its code: enough to compare with the card. */
export const mailInLookupSchema = z.object({
  requestId: z.number().int(),
  code: z.string(),
  status: z.enum(mailInRequestStatuses),
  refusalReason: z.enum(mailInRequestRefusals).nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  player: z.object({
    userId: z.number().int(),
    username: z.string(),
    name: z.string().nullable(),
    address: z.string().nullable(),
  }),
});
export type MailInLookup = z.infer<typeof mailInLookupSchema>;

/** A card entered, with what it decided. */
export const mailInCardSchema = z.object({
  cardId: z.number().int(),
  codeEntered: z.string(),
  requestId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  postmarkDate: z.string(),
  identityMatches: z.boolean(),
  outcome: z.enum(['credited', 'refused']),
  refusalReason: z.enum(mailInRefusalReasons).nullable(),
  sc: z.number().nullable(),
  transferId: z.number().int().nullable(),
  operatorEmail: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
});
export type MailInCard = z.infer<typeof mailInCardSchema>;

export const mailInCardListSchema = z.object({ rows: z.array(mailInCardSchema), count: z.number().int() });
export type MailInCardList = z.infer<typeof mailInCardListSchema>;

// ---- The back office: the settings ----

export const updateMailInSettingsRequestSchema = z.object({
  scAmount: z
    .number(mailInMessages.scAmount)
    .gt(0, mailInMessages.scAmount)
    .max(100, mailInMessages.scAmount)
    .refine(cents, mailInMessages.scAmount),
  capCount: z
    .number(mailInMessages.capCount)
    .int(mailInMessages.capCount)
    .min(1, mailInMessages.capCount)
    .max(100, mailInMessages.capCount),
  capPeriod: z.enum(mailInCapPeriods, mailInMessages.capPeriod),
  postmarkDays: z
    .number(mailInMessages.postmarkDays)
    .int(mailInMessages.postmarkDays)
    .min(1, mailInMessages.postmarkDays)
    .max(365, mailInMessages.postmarkDays),
  postalAddress: z.string(mailInMessages.postalAddress).trim().min(10, mailInMessages.postalAddress).max(500, mailInMessages.postalAddress),
  cardFormat: z.string(mailInMessages.cardFormat).trim().min(10, mailInMessages.cardFormat).max(2000, mailInMessages.cardFormat),
  rulesText: z.string(mailInMessages.rulesText).trim().min(20, mailInMessages.rulesText).max(10_000, mailInMessages.rulesText),
  version: z.number().int().positive(),
  reason: reasonSchema,
});
export type UpdateMailInSettingsRequest = z.input<typeof updateMailInSettingsRequestSchema>;

export const adminMailInSettingsSchema = mailInRulesSchema.extend({ version: z.number().int() });
export type AdminMailInSettings = z.infer<typeof adminMailInSettingsSchema>;
