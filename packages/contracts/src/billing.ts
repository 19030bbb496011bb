import { z } from 'zod';

/**
 * The billing-details step of a purchase (seed 001 section 2 'Store screen', section 5
 * 'Billing-details form', section 7 PUT /user/profile with skipCheck). Messages are the seed's.
 */
export const BILLING_COUNTRY_ID = '199';
/** The country BILLING_COUNTRY_ID stands for, the only one players are in. */
export const BILLING_COUNTRY_NAME = 'United States';
export const MINIMUM_AGE = 18;
export const PROFILE_UPDATED_MESSAGE = 'Profile updated successfully.';

const NAME_PATTERN = /^[A-Za-z]+(?: [A-Za-z]+)?$/;

function name(tooShort: string, missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .min(3, tooShort)
    .max(200, tooShort.replace('at-least 3', 'at most 200'))
    .regex(NAME_PATTERN, 'Only Characters are allowed');
}

/** Whole years between a YYYY-MM-DD birth date and `today`. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  if (today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day)) age -= 1;
  return age;
}

export const billingDetailsSchema = z.object({
  firstName: name('First Name must be at-least 3 characters', 'Please provide first name'),
  lastName: name('Last Name must be at-least 3 characters', 'Please provide last name'),
  dateOfBirth: z
    .string({ error: 'Date of birth is required' })
    .min(1, 'Date of birth is required')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please select Date of Birth')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Please select Date of Birth')
    .refine((value) => ageOn(value, new Date()) >= MINIMUM_AGE, `You must be at least ${MINIMUM_AGE} years old`),
  addressLine_1: z
    .string({ error: 'Please provide Address1' })
    .min(1, 'Please provide Address1')
    .refine((value) => !value.startsWith(' '), 'Address1 must not start with a space')
    .refine((value) => value.trim().length >= 3, 'Address1 must be at-least 3 characters')
    .refine((value) => value.length <= 200, 'Address1 must be at most 200 characters'),
  addressLine_2: z.string().max(200).optional().default(''),
  state: z.string({ error: 'State is required' }).min(1, 'State is required'),
  city: z
    .string({ error: 'City is required' })
    .min(1, 'City is required')
    .refine((value) => !value.startsWith(' '), 'City must not start with a space'),
  zipCode: z
    .string({ error: 'Zip Code is required' })
    .min(1, 'Zip Code is required')
    .regex(/^\d+$/, 'Must be only digits')
    .length(5, 'Must be exactly 5 digits'),
});
export type BillingDetails = z.input<typeof billingDetailsSchema>;

/** seed 001 section 3 'State list item'. */
export const stateListItemSchema = z.object({ state_id: z.number().int(), name: z.string(), stateCode: z.string() });
export type StateListItem = z.infer<typeof stateListItemSchema>;

export const cityListItemSchema = z.object({ city_id: z.number().int(), name: z.string() });
export type CityListItem = z.infer<typeof cityListItemSchema>;

/** The fields that must all be filled before the payment dialog opens (seed 001 section 2). */
export const billingRequiredFields = ['dateOfBirth', 'city', 'state', 'zipCode', 'addressLine_1'] as const;

export function billingDetailsMissing(user: Partial<Record<(typeof billingRequiredFields)[number], unknown>>): boolean {
  return billingRequiredFields.some((field) => {
    const value = user[field];
    return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  });
}
