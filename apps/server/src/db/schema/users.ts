import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** argon2id; null for an account created through Google sign-in. */
    passwordHash: text('password_hash'),
    googleSubject: text('google_subject').unique(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    firstName: text('first_name'),
    middleName: text('middle_name'),
    lastName: text('last_name'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** male, female or other (migration 0185); null until the player saves the account form. */
    gender: text('gender', { enum: ['male', 'female', 'other'] }),
    addressLine1: text('address_line_1'),
    addressLine2: text('address_line_2'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    zipCode: text('zip_code'),
    phone: text('phone'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    profileImage: text('profile_image'),
    promoCode: text('promo_code'),
    friendsReferralCode: text('friends_referral_code'),
    /** The player's own referral code (migration 0125), made when first asked for. */
    referralCode: text('referral_code').unique('users_referral_code_key'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    signUpPlatform: text('sign_up_platform'),
    signUpBrowser: text('sign_up_browser'),
    /** The sign-up payload's token (register link's token query parameter); migration 0010. */
    signUpToken: text('sign_up_token'),
    signInIp: text('sign_in_ip'),
    /** What the sign-up told of who the player is (migration 0173): the mailbox, the address and browser. */
    emailNormalised: text('email_normalised'),
    signUpIp: text('sign_up_ip'),
    signUpUserAgent: text('sign_up_user_agent'),
    kycStatus: text('kyc_status').notNull().default('pending'),
    idComplyStatus: text('id_comply_status'),
    kycRegistrationFlag: boolean('kyc_registration_flag').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    // Migration 0085: a phone number is verified by one player at most.
    uniqueIndex('users_verified_phone_key')
      .on(table.phone)
      .where(sql`${table.phoneVerified}`),
    index('users_email_normalised_idx')
      .on(table.emailNormalised)
      .where(sql`${table.emailNormalised} is not null`),
    index('users_sign_up_device_idx')
      .on(table.signUpIp, table.signUpUserAgent)
      .where(sql`${table.signUpIp} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** SHA-256 of the cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; idle expiry is last_seen_at + the configured idle timeout. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * The browsers a player signed in from (migration 0194), by the SHA-256 of the random id in the
 * browser's device cookie, to tell a sign-in from a new one (docs/decisions/062-player-mails.md).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceHash] })],
);
