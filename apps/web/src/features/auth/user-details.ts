import type { AccountDetails } from '@casino/contracts/auth';
import type { UserWallet } from '@casino/contracts/wallet';

/** Always present for a stored player; the rest of the account fields arrive with the profile. */
type CoreFields = 'userId' | 'email' | 'username' | 'firstName' | 'lastName' | 'dateOfBirth' | 'phoneVerified' | 'emailVerified';

/**
 * The player as GET /user/profile returns it: the account fields (contracts/auth.ts, seed 000
 * section 3, seed 001 section 3) plus what other features contribute.
 */
export interface UserDetails extends Pick<AccountDetails, CoreFields>, Partial<Omit<AccountDetails, CoreFields>> {
  isDailyBonusClaimed?: boolean;
  isWelcomeBonusClaimed?: boolean;
  isWelcomeBonusAllowed?: boolean;
  isSpinWheelBonusClaimed?: boolean;
  spinWheelClaimedAt?: string | null;
  userWallet?: UserWallet;
  [key: string]: unknown;
}

/** An account just signed up: no session until its e-mail is verified (seed 000 section 4 'Sign-up success'). */
export interface SignedUpUser {
  userId: number;
  username: string;
  email: string;
}
