import { z } from 'zod';

/**
 * Phone verification and identity verification (seed 001 sections 2 'Verification', 4 'KYC status'
 * and 'Phone verification', 5 'Phone', 7 /user/phone, /user/phoneVerify and /kyc/*, 8 codes 3072
 * and 3073). Messages and texts are the seed's; the server and the Verification tab share them.
 */

/** The only country code the product offers (seed 001 section 9: '+1 (profile) or 1'). */
export const PHONE_COUNTRY_CODE = 1;
export const OTP_LENGTH = 6;

export const PHONE_MESSAGES = {
  invalid: 'Please enter a valid phone number',
  otpInvalid: 'Please enter a 6-digit OTP',
  otpSent: 'OTP Sent successfully!',
  otpVerified: 'OTP verified successfully',
} as const;

/**
 * A 10-digit US number with optional parentheses and dash, dot or space separators, 9 to 12
 * characters long (seed 001 section 5 'Phone'). A North American area code and exchange never
 * start with 0 or 1, so such numbers are refused too: no SMS could reach them.
 */
const US_PHONE_PATTERN = /^\(?([2-9]\d{2})\)?[-. ]?([2-9]\d{2})[-. ]?(\d{4})$/;

export const phoneNumberSchema = z
  .string({ error: PHONE_MESSAGES.invalid })
  .trim()
  .min(9, PHONE_MESSAGES.invalid)
  .max(12, PHONE_MESSAGES.invalid)
  .regex(US_PHONE_PATTERN, PHONE_MESSAGES.invalid);

/** The 10 national digits of a number that passed phoneNumberSchema (how it is stored). */
export function nationalDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** (201) 555-0123, for showing a stored number. */
export function formatUsPhone(digits: string): string {
  const match = /^(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : digits;
}

const countryCodeSchema = z.coerce.number({ error: PHONE_MESSAGES.invalid }).pipe(z.literal(PHONE_COUNTRY_CODE, PHONE_MESSAGES.invalid));

export const otpSchema = z
  .string({ error: PHONE_MESSAGES.otpInvalid })
  .trim()
  .regex(/^\d{6}$/, PHONE_MESSAGES.otpInvalid);

/** POST /user/phone: `phone` and `code` (the country code as a number). */
export const sendPhoneOtpRequestSchema = z.object({ phone: phoneNumberSchema, code: countryCodeSchema });

export const sendPhoneOtpResponseSchema = z.object({
  /** When a new code may be asked for, in seconds from now. */
  resendAfterSeconds: z.number().int(),
  /** How long the code sent is valid, in seconds. */
  expiresInSeconds: z.number().int(),
});
export type SendPhoneOtpResponse = z.infer<typeof sendPhoneOtpResponseSchema>;

/** POST /user/phoneVerify: `phone`, `code` (1) and `otp` (6 digits). */
export const verifyPhoneOtpRequestSchema = z.object({ phone: phoneNumberSchema, code: countryCodeSchema, otp: otpSchema });
export type VerifyPhoneOtpRequest = z.input<typeof verifyPhoneOtpRequestSchema>;

export const verifyPhoneOtpResponseSchema = z.object({ phone: z.string(), phoneVerified: z.literal(true) });

/** The form of the phone step (the number without the fixed +1). */
export const phoneFormSchema = z.object({ phone: phoneNumberSchema });
export type PhoneForm = z.infer<typeof phoneFormSchema>;
export const otpFormSchema = z.object({ otp: otpSchema });
export type OtpForm = z.infer<typeof otpFormSchema>;

/** Seed 001 section 4 'KYC status' (case-insensitive), in the order the player meets them. */
export const KYC_STATUSES = ['pending', 'null', 'created', 'activated', 'failed', 'archived', 'processing', 'complete'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export interface KycLabel {
  status: KycStatus;
  /** The button that opens the verification link; null where the seed shows none. */
  button: string | null;
  message: string;
}

/** The seed's status table: one button and one message per status. */
export const KYC_LABELS: readonly KycLabel[] = [
  { status: 'pending', button: 'Verify', message: 'Please Start your KYC Verification' },
  { status: 'null', button: 'Verify', message: 'Your KYC verification has failed.' },
  { status: 'created', button: 'Launch Verification', message: 'Your KYC verification session has been created.' },
  { status: 'activated', button: 'Relaunch Verification', message: 'Your KYC verification session is activated.' },
  { status: 'failed', button: 'Re Verify', message: 'Your KYC verification has failed.' },
  { status: 'archived', button: 'Re Verify', message: 'Your previous session has expired. Please re-verify your KYC.' },
  { status: 'processing', button: null, message: 'Your KYC is in progress.' },
  { status: 'complete', button: null, message: 'Your KYC has been verified.' },
];

/**
 * The label of a users.kyc_status value, ignoring case. APPROVED counts as complete (seed 001
 * section 3: 'KYC status APPROVED or COMPLETE counts as verified'); an unknown or empty value reads
 * as the seed's 'null' row.
 */
export function kycLabelOf(status: string | null | undefined, labels: readonly KycLabel[] = KYC_LABELS): KycLabel {
  const key = (status ?? 'null').toLowerCase();
  const normalised = key === 'approved' ? 'complete' : key;
  return labels.find((label) => label.status === normalised) ?? labels.find((label) => label.status === 'null') ?? KYC_LABELS[1]!;
}

/** Whether a users.kyc_status value means verified (the redeem rule, seed 001 section 4 'Redeem'). */
export function isKycVerified(status: string | null | undefined): boolean {
  return /^(approved|complete)$/i.test(status ?? '');
}

/** GET /kyc/init-kyc. */
export const initKycResponseSchema = z.object({ url: z.string(), kycStatus: z.string() });
export type InitKycResponse = z.infer<typeof initKycResponseSchema>;

/** GET /kyc/get-labels (the seed does not show its shape: the status table, server-owned). */
export const kycLabelsResponseSchema = z.object({
  labels: z.array(z.object({ status: z.enum(KYC_STATUSES), button: z.string().nullable(), message: z.string() })),
});
export type KycLabelsResponse = z.infer<typeof kycLabelsResponseSchema>;

/** GET /kyc/get-kyc-setting (the seed does not show its shape). */
export const kycSettingsResponseSchema = z.object({
  /** False when no KYC provider is configured: init-kyc answers 503. */
  isKycEnabled: z.boolean(),
  provider: z.string(),
  /** KYC needs a verified phone first (seed 001 section 4 'Phone verification'). */
  phoneVerificationRequired: z.boolean(),
  otpLength: z.number().int(),
  otpExpirySeconds: z.number().int(),
  otpResendSeconds: z.number().int(),
  otpMaxAttempts: z.number().int(),
});
export type KycSettingsResponse = z.infer<typeof kycSettingsResponseSchema>;

/** Seed 001 section 8: the modals of KYC codes 3073 and 3072. */
export const KYC_MODALS = {
  inProgress: { title: 'In Progress', message: 'We are still verifying your details' },
  alreadyVerified: { title: 'Already Verified', message: 'You are already verified' },
} as const;
