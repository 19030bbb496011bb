import { z } from 'zod';
import { decodeBase64Utf8 } from './base64.js';
import { BILLING_COUNTRY_ID, billingDetailsSchema } from './billing.js';
import { GENDERS, MINIMUM_AGE_YEARS } from './constants.js';
import { isCalendarDate, isOfAge } from './age.js';

/**
 * The account area: the account form, the complete-profile modal, the avatar and
 * Change Password, with the rules and messages of seed 001 section 5, used by the web forms and
 * by the server routes alike.
 */
export const accountTexts = {
  profileUpdated: 'Profile updated successfully.',
  emailTaken: 'Email already exists.',
  imageUploaded: 'Image uploaded successfully.',
  imageInvalidType: 'Invalid file type! Please upload a JPEG, JPG or PNG image.',
  imageUploadFailed: 'Image file is not support',
  imageTooLarge: 'The image is too large. Please upload an image of at most {max} MB.',
  passwordChanged: 'Your password has been changed successfully.',
  readOnly: '{field} cannot be changed once set.',
  paymentStatusTitle: 'Payment Status',
  paymentProcessed: 'Your payment has been processed',
  paymentReflects: 'The amount will reflect in your wallet in 2-5 minutes.',
  noRecords: 'No records found',
} as const;

/** The accepted upload types (seed 001 sections 5 and 9): decided by the file's bytes on the server. */
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png'] as const;

// ---------------------------------------------------------------- the account form

const NAME_PATTERN = /^[A-Za-z]+(?: [A-Za-z]+)?$/;

function personName(tooShort: string, missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, { message: missing, abort: true })
    .min(3, tooShort)
    .max(200, tooShort.replace('at-least 3', 'at most 200'))
    .regex(NAME_PATTERN, 'Only Characters are allowed');
}

export const profileDateOfBirthSchema = z
  .string({ error: 'Date of birth is required' })
  .min(1, { message: 'Date of birth is required', abort: true })
  .refine(isCalendarDate, { message: 'Please select Date of Birth', abort: true })
  .refine((value) => isOfAge(value), `You must be at least ${MINIMUM_AGE_YEARS} years old`);

/** The genders of seed 001 section 3 'User details' (male, female, other), with the form's labels. */
export const genders = GENDERS;
export type Gender = (typeof GENDERS)[number];
export const genderLabels: Record<Gender, string> = { male: 'Male', female: 'Female', other: 'Other' };
/** Required on the account form (seed 001 section 5 'gender required'). */
export const genderSchema = z.enum(genders, { error: 'Gender is required' });

/** The first year of the date-of-birth picker (seed 000 section 2): 1925 to this year minus 18. */
export const BIRTH_YEAR_FIRST = 1925;

/**
 * The account form and the complete-profile modal (seed 001 section 5 'Profile'). E-mail is shown
 * but sent only to be compared (it is read-only once set); state is a state_id of
 * GET /details/state and city one of its cities, as in the billing-details form. Gender is
 * required here; a player who has never saved this form has none (GET /user/profile answers null).
 */
export const accountProfileSchema = z.object({
  firstName: personName('First Name must be at-least 3 characters', 'Please provide first name'),
  lastName: personName('Last Name must be at-least 3 characters', 'Please provide last name'),
  email: z.string().trim().max(254).optional(),
  dateOfBirth: profileDateOfBirthSchema,
  addressLine_1: z
    .string({ error: 'Please provide Address1' })
    .trim()
    .min(1, { message: 'Please provide Address1', abort: true })
    .min(3, 'Address must be at-least 3 characters')
    .max(200, 'Address must be at most 200 characters'),
  addressLine_2: z.string().trim().max(200).optional().default(''),
  city: z.string({ error: 'City is required' }).trim().min(1, 'City is required').max(100),
  state: z.string({ error: 'State is required' }).trim().min(1, 'State is required').max(10),
  zipCode: z
    .string({ error: 'Zip Code is required' })
    .trim()
    .min(1, { message: 'Zip Code is required', abort: true })
    .regex(/^\d+$/, { message: 'Must be only digits', abort: true })
    .length(5, 'Must be exactly 5 digits'),
  gender: genderSchema,
});
export type AccountProfileInput = z.input<typeof accountProfileSchema>;

/**
 * The profile's country id: the completion form sends it fixed at 199 as a number (seed 001
 * section 7), the account form as text; both are kept as text.
 */
const countryField = z
  .union([z.string().trim().max(10), z.number().int().min(0).max(999_999_999)])
  .transform((value) => String(value))
  .default(BILLING_COUNTRY_ID);

/** PUT /user/profile from the account form or the complete-profile modal (no skipCheck). */
export const accountProfileUpdateSchema = accountProfileSchema.extend({
  country: countryField,
  skipCheck: z.literal(false).optional(),
});

/** PUT /user/profile from the billing-details step (skipCheck true): its own extra messages. */
export const billingProfileRequestSchema = billingDetailsSchema.extend({
  country: countryField,
  skipCheck: z.literal(true),
});

/** What a profile update saves, whichever form sent it. */
export const profileUpdateResultSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  addressLine_1: z.string(),
  addressLine_2: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zipCode: z.string(),
  /** Saved by the account form; the billing step asks none and leaves the player's as it was. */
  gender: genderSchema.optional(),
});
export type ProfileUpdateResult = z.infer<typeof profileUpdateResultSchema>;

/**
 * Seed 000 section 4 step 4: the complete-profile modal is due when first name, last name, date of
 * birth or e-mail is missing, or when KYC registration is flagged, idComply is UNFULFILLED and KYC
 * is not COMPLETE/APPROVED.
 */
export function profileCompletionDue(user: {
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
  email: string | null;
  kycRegistrationFlag: boolean;
  idComplyStatus: string | null;
  kycStatus: string;
}): boolean {
  const missing = [user.firstName, user.lastName, user.dateOfBirth, user.email].some((value) => !value || value.trim() === '');
  const kycVerified = ['COMPLETE', 'APPROVED'].includes(user.kycStatus.toUpperCase());
  return missing || (user.kycRegistrationFlag && user.idComplyStatus === 'UNFULFILLED' && !kycVerified);
}

/** The complete-profile modal can be closed only after this many failed attempts (seed 001 section 9). */
export const PROFILE_COMPLETION_CLOSABLE_AFTER = 3;

// ---------------------------------------------------------------- change password

const CHANGE_PASSWORD_SPECIALS = /[@#$%^&+=!]/;

/** Old and new: 10-20 with a lowercase and an uppercase letter, a digit and one of @#$%^&+=! (seed 001 section 5). */
export const changePasswordFieldSchema = z
  .string()
  .min(10, { message: 'Password must contain at least 10 characters', abort: true })
  .max(20, { message: 'Password must not contain more than 20 characters', abort: true })
  .refine(
    (value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && CHANGE_PASSWORD_SPECIALS.test(value),
    'Password must contain at least one lowercase & uppercase letter, digit and special character',
  );

export const changePasswordMessages = {
  sameAsOld: 'Old Password and New Password should not be the same',
  mismatch: 'New Password and Repeat Password do not match',
  notBase64: 'Password must be sent base64-encoded',
} as const;

export const changePasswordFormSchema = z
  .object({ oldPassword: changePasswordFieldSchema, newPassword: changePasswordFieldSchema, confirmPassword: z.string() })
  .superRefine((value, context) => {
    if (value.newPassword === value.oldPassword) {
      context.addIssue({ code: 'custom', path: ['newPassword'], message: changePasswordMessages.sameAsOld });
    }
    if (value.confirmPassword !== value.newPassword) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: changePasswordMessages.mismatch });
    }
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

const base64ChangePassword = z
  .string()
  .max(200, changePasswordMessages.notBase64)
  .transform((encoded, context) => {
    const decoded = decodeBase64Utf8(encoded);
    if (decoded === undefined) {
      context.addIssue({ code: 'custom', message: changePasswordMessages.notBase64 });
      return z.NEVER;
    }
    return decoded;
  })
  .pipe(changePasswordFieldSchema);

/** PUT /user/changePassword: both base64 (seed 001 section 7). */
export const changePasswordRequestSchema = z
  .object({ oldPassword: base64ChangePassword, newPassword: base64ChangePassword })
  .refine((value) => value.newPassword !== value.oldPassword, { path: ['newPassword'], message: changePasswordMessages.sameAsOld });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

// ---------------------------------------------------------------- avatar

export const profileImageResultSchema = z.object({ status: z.boolean(), profileImage: z.string() });
export type ProfileImageResult = z.infer<typeof profileImageResultSchema>;
