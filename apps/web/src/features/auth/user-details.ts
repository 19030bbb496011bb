import type { AccountDetails } from '@casino/contracts/auth';

/**
 * The part of the player this device keeps across reloads (seed 000 section 3: user details are
 * "persisted locally in part"): enough to know who is signed in before GET /user/profile answers.
 * Everything else about the player (wallet, bonus flags, account fields) is read from the one
 * profile query (profile.ts), never copied here.
 */
export type StoredPlayer = Pick<AccountDetails, 'userId' | 'username' | 'email'>;

/** An account just signed up: no session until its e-mail is verified (seed 000 section 4 'Sign-up success'). */
export interface SignedUpUser {
  userId: number;
  username: string;
  email: string;
}
