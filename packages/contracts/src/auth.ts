import { z } from 'zod';
import { promoBonusOutcomeSchema } from './promotions.js';
import { decodeBase64Utf8 } from './base64.js';
import { authMessages } from './auth-texts.js';
import { GENDERS } from './constants.js';
import { isCalendarDate, isOfAge } from './age.js';

/**
 * Accounts and access: every rule and message of seed 000 section 5 in one place, used
 * by the web forms (zodResolver) and by the server routes, so a rule cannot drift between them.
 * Form schemas validate what the player typed; request schemas validate what the client sends
 * (passwords base64-encoded, seed 000 section 7) and decode it.
 */
export { authMessages, authTexts } from './auth-texts.js';

// ---------------------------------------------------------------- fields

export const emailSchema = z
  .string()
  .trim()
  .min(1, { message: authMessages.emailRequired, abort: true })
  .max(254, authMessages.emailInvalid)
  .pipe(z.email(authMessages.emailInvalid));

/** Sign-up's length: 10-20 characters (seed 000 section 5 'Login' and 'Sign up'). */
const signUpPasswordLengthSchema = z
  .string()
  .min(1, { message: authMessages.passwordRequired, abort: true })
  .min(10, authMessages.passwordTooShort)
  .max(20, authMessages.passwordTooLong);

const SIGN_UP_SPECIALS = /[!+@#$%^&*]/;

/** Sign-up: 10-20 with a lowercase and an uppercase letter, a digit and one of !+@#$%^&*. */
export const signUpPasswordSchema = signUpPasswordLengthSchema.refine(
  (value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && SIGN_UP_SPECIALS.test(value),
  authMessages.passwordWeak,
);

const NEW_PASSWORD_SPECIALS = /[@$!%*?&]/;

/**
 * Reset Password: the new-password schema of seed 000 sections 5 and 9 (required, at least 8, upper
 * and lower case, a digit and one of @$!%*?&). The seed sets no maximum; the Sign-in dialog's 20
 * stays the ceiling so that a longer password is never accepted here and refused there. See
 * docs/decisions/060 for the 8 against the Sign-in dialog's 10.
 */
export const NEW_PASSWORD_MIN_LENGTH = 8;
export const newPasswordSchema = z
  .string()
  .min(1, { message: authMessages.passwordRequired, abort: true })
  .min(NEW_PASSWORD_MIN_LENGTH, authMessages.newPasswordTooShort)
  .max(20, authMessages.passwordTooLong)
  .refine(
    (value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && NEW_PASSWORD_SPECIALS.test(value),
    authMessages.newPasswordWeak,
  );

export const userNameSchema = z
  .string()
  .min(1, { message: authMessages.usernameRequired, abort: true })
  .refine((value) => value.trim().length > 0, { message: authMessages.usernameOnlySpaces, abort: true })
  .regex(/^[A-Za-z0-9]{5,15}$/, authMessages.usernameFormat);

/** Promo codes are upper-cased (seed 000 sections 3 and 9); empty means none. */
export const promoCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{0,32}$/, authMessages.promoCodeInvalid)
  .transform((value) => value.toUpperCase());

/** A birth date anywhere in the product: a real calendar date, 18 or more years ago (seed 000 section 5). */
export const birthDateSchema = z
  .string()
  .refine(isCalendarDate, authMessages.dateInvalid)
  .refine((value) => !isCalendarDate(value) || isOfAge(value), authMessages.underAge);

/** A base64 password decoded, then checked by `rules` (messages attach to the `password` field). */
export function base64Password<T extends z.ZodType<unknown, string>>(rules: T) {
  return z
    .string()
    .max(200, authMessages.passwordNotBase64)
    .transform((encoded, context) => {
      const decoded = decodeBase64Utf8(encoded);
      if (decoded === undefined) {
        context.addIssue({ code: 'custom', message: authMessages.passwordNotBase64 });
        return z.NEVER;
      }
      return decoded;
    })
    .pipe(rules);
}

const optionalText = (max: number) => z.string().trim().max(max).optional();

// ---------------------------------------------------------------- login

/**
 * Sign-in takes any password a player may hold: Reset Password allows 8 characters (seed 000
 * section 5), so the Sign-in dialog's 10 would lock that player out (docs/decisions/060).
 */
const signInPasswordSchema = z
  .string()
  .min(1, { message: authMessages.passwordRequired, abort: true })
  .min(NEW_PASSWORD_MIN_LENGTH, authMessages.newPasswordTooShort)
  .max(20, authMessages.passwordTooLong);

export const loginFormSchema = z.object({
  email: emailSchema,
  password: signInPasswordSchema,
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: base64Password(signInPasswordSchema),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

// ---------------------------------------------------------------- sign-up

function checkMarketingForPromo(
  value: { promoCode?: string | undefined; isMarketingAccepted?: boolean | undefined },
  context: z.RefinementCtx,
) {
  if (value.promoCode && !value.isMarketingAccepted) {
    context.addIssue({ code: 'custom', path: ['isMarketingAccepted'], message: authMessages.marketingRequiredForPromo });
  }
}

/** The 'Join Now' form (seed 000 sections 2 and 5). */
export const signUpFormSchema = z
  .object({
    userName: userNameSchema,
    email: emailSchema,
    password: signUpPasswordSchema,
    confirmPassword: z.string(),
    promoCode: promoCodeSchema,
    isMarketingAccepted: z.boolean(),
    isTermsAccepted: z.boolean().refine((accepted) => accepted, authMessages.termsRequired),
  })
  .superRefine((value, context) => {
    if (value.confirmPassword !== value.password) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: authMessages.passwordMismatch });
    }
    checkMarketingForPromo(value, context);
  });
export type SignUpFormInput = z.input<typeof signUpFormSchema>;
export type SignUpForm = z.output<typeof signUpFormSchema>;

/**
 * POST /user/sign-up (seed 000 section 3 'Sign-up payload'), plus the marketing consent the form
 * asks for (the server must see it to enforce the promo-code rule) and an optional birth date.
 */
export const signUpRequestSchema = z
  .object({
    userName: userNameSchema,
    email: emailSchema,
    password: base64Password(signUpPasswordSchema),
    isTermsAccepted: z.boolean().refine((accepted) => accepted, authMessages.termsRequired),
    isMarketingAccepted: z.boolean().optional(),
    promoCode: promoCodeSchema.optional(),
    friendsReferralCode: optionalText(64),
    browser: optionalText(100),
    platform: optionalText(40),
    token: optionalText(200),
    dateOfBirth: birthDateSchema.optional(),
  })
  .superRefine(checkMarketingForPromo);
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

export const userNameAvailabilityQuerySchema = z.object({ userName: userNameSchema });
export const userNameAvailabilitySchema = z.object({ isUserNameExist: z.boolean() });

export const signUpResponseSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
});
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

// ---------------------------------------------------------------- e-mail verification and reset

export const verifyEmailQuerySchema = z.object({ token: z.string().min(1).max(200) });

export const emailRequestSchema = z.object({ email: emailSchema });
export type EmailRequest = z.infer<typeof emailRequestSchema>;

export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((value) => value.confirmPassword === value.password, { path: ['confirmPassword'], message: authMessages.newPasswordMismatch });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** POST /user/verifyForgetPassword: the key from the link's token parameter and the new password. */
export const resetPasswordRequestSchema = z.object({
  newPasswordKey: z.string().min(1).max(200),
  password: base64Password(newPasswordSchema),
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

// ---------------------------------------------------------------- Google

export const googleLoginRequestSchema = z.object({
  /** The Google ID token (a JWT) from Google Identity Services or the sandbox account chooser. */
  credential: z.string().min(10).max(4096),
  browser: optionalText(100),
  platform: optionalText(40),
});
export type GoogleLoginRequest = z.infer<typeof googleLoginRequestSchema>;

export const googleSignInConfigSchema = z.object({
  mode: z.enum(['sandbox', 'google']),
  clientId: z.string(),
});
export type GoogleSignInConfig = z.infer<typeof googleSignInConfigSchema>;

export const sandboxGoogleAccountSchema = z.object({
  email: emailSchema,
  name: z.string().trim().min(1, 'Please enter a name').max(80, 'Please enter at most 80 characters'),
  emailVerified: z.boolean(),
});
export type SandboxGoogleAccount = z.infer<typeof sandboxGoogleAccountSchema>;

// ---------------------------------------------------------------- the player

/**
 * The account part of GET /user/profile (seed 000 section 3, seed 001 section 3). Other features
 * add their fields (userWallet, isDailyBonusClaimed, ...), so the object is loose.
 */
export const accountDetailsSchema = z.looseObject({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** False for an account created by Google sign-in that never set a password. */
  hasPassword: z.boolean(),
  firstName: z.string().nullable(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  /** male, female or other (seed 001 section 3); null until the player saves the account form. */
  gender: z.enum(GENDERS).nullable(),
  addressLine_1: z.string().nullable(),
  addressLine_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  zipCode: z.string().nullable(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  profileImage: z.string().nullable(),
  kycStatus: z.string(),
  idComplyStatus: z.string().nullable(),
  kycRegistrationFlag: z.boolean(),
  promoCode: z.string().nullable(),
  registrationDate: z.string(),
  createdAt: z.string(),
  signInIp: z.string().nullable(),
  moreDetails: z.object({ browser: z.string().nullable(), platform: z.string().nullable() }),
});
export type AccountDetails = z.infer<typeof accountDetailsSchema>;

/** What verifyEmail returns for the client to fill in (seed 000 section 4 'E-mail verification'). */
export const verifiedEmailSchema = z.object({
  email: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  /** The sign-up promo code's outcome, when the player signed up with one. */
  promoBonus: promoBonusOutcomeSchema.nullable().optional(),
});
export type VerifiedEmail = z.infer<typeof verifiedEmailSchema>;
