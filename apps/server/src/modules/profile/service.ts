import type { AccountDetails } from '@casino/contracts/auth';
import { eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { ProfileContributors } from './contributors.js';

type UserRow = typeof users.$inferSelect;

/** The account fields of the player (seed 000 section 3, seed 001 section 3), never a secret. */
export function accountDetailsOf(user: UserRow): AccountDetails {
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
    dateOfBirth: user.dateOfBirth,
    gender: user.gender,
    addressLine_1: user.addressLine1,
    addressLine_2: user.addressLine2,
    city: user.city,
    state: user.state,
    country: user.country,
    zipCode: user.zipCode,
    phone: user.phone,
    phoneVerified: user.phoneVerified,
    profileImage: user.profileImage,
    kycStatus: user.kycStatus,
    idComplyStatus: user.idComplyStatus,
    kycRegistrationFlag: user.kycRegistrationFlag,
    promoCode: user.promoCode,
    registrationDate: user.createdAt.toISOString(),
    createdAt: user.createdAt.toISOString(),
    signInIp: user.signInIp,
    moreDetails: { browser: user.signUpBrowser, platform: user.signUpPlatform },
  };
}

export interface ProfileService {
  /** GET /user/profile: the account plus every feature's contribution (wallet, bonuses, ...). */
  profileOf(userId: number, db?: DbExecutor): Promise<AccountDetails & Record<string, unknown>>;
}

export function createProfileService(db: Database, contributors: ProfileContributors): ProfileService {
  return {
    async profileOf(userId, executor = db) {
      const user = await executor.query.users.findFirst({ where: eq(users.id, userId) });
      // The session named a player who no longer exists: treat it as a dead session.
      if (!user) throw new AppError('SessionInvalid');
      const contributed = await contributors.collect(userId, executor);
      // The account's own fields win: a contributor cannot overwrite who the player is.
      return { ...contributed, ...accountDetailsOf(user) };
    },
  };
}
