import type { AccountDetails } from '@casino/contracts/auth';
import type { PlayerProfile, ProfileBonus, ProfileLimits, ProfilePurchase, ProfileWallet } from '@casino/contracts/profile';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { ProfileRedeem } from '@casino/contracts/redeem';
import type { ProfileSpinWheel } from '@casino/contracts/spin-wheel';
import type { ProfileVip } from '@casino/contracts/vip';
import type { LedgerService } from '../../money/ledger/types.js';
import { userWalletOf } from '../../money/ledger/user-wallet.js';
import { createProfileRepository, type UserRow } from './repository.js';

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

/**
 * The features the profile reads its parts from, each through a small typed call (no merge bag:
 * a new part is a new field of PlayerProfile in packages/contracts/src/profile.ts and a line here).
 */
export interface ProfileSources {
  ledger: Pick<LedgerService, 'balances'>;
  bonuses: { profileFlags(userId: number): Promise<ProfileBonus> };
  store: { firstPurchaseBonus(userId: number): Promise<ProfilePurchase['firstPurchaseBonus']> };
  /** minRedeemableCoins and maxRedeemableCoins. */
  redeem: { limits(): ProfileRedeem };
  limits: { profileLimits(userId: number): Promise<ProfileLimits> };
  /** isSpinWheelBonusClaimed and spinWheelClaimedAt. */
  spinWheel: { profileFlags(userId: number): Promise<ProfileSpinWheel> };
  /** vipTierDetail. */
  vip: { profilePart(userId: number): Promise<ProfileVip> };
}

export interface ProfileService {
  /** GET /user/profile (and the login answer): account, wallet and bonus parts, in one typed object. */
  profileOf(userId: number): Promise<PlayerProfile>;
}

export function createProfileService(db: Database, sources: ProfileSources): ProfileService {
  const repository = createProfileRepository(db);

  async function walletPart(userId: number): Promise<ProfileWallet> {
    return { userWallet: userWalletOf(await sources.ledger.balances(userId)) };
  }

  return {
    async profileOf(userId) {
      const user = await repository.findUser(userId);
      // The session named a player who no longer exists: treat it as a dead session.
      if (!user) throw new AppError('SessionInvalid');
      const [wallet, bonus, firstPurchaseBonus, limits, spinWheel, vip] = await Promise.all([
        walletPart(userId),
        sources.bonuses.profileFlags(userId),
        sources.store.firstPurchaseBonus(userId),
        sources.limits.profileLimits(userId),
        sources.spinWheel.profileFlags(userId),
        sources.vip.profilePart(userId),
      ]);
      return {
        ...accountDetailsOf(user),
        ...wallet,
        ...bonus,
        firstPurchaseBonus,
        ...sources.redeem.limits(),
        ...limits,
        ...spinWheel,
        ...vip,
      };
    },
  };
}
