/** The player as GET /user/profile returns it (seed 000 section 3, seed 001 section 3). */
export interface UserWallet {
  gcCoin: number;
  totalScCoin: number;
  scCoin: { wsc: number; bsc: number; psc: number };
}

export interface UserDetails {
  userId: number;
  email: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
  phoneVerified: boolean;
  emailVerified: boolean;
  isDailyBonusClaimed?: boolean;
  isWelcomeBonusClaimed?: boolean;
  isWelcomeBonusAllowed?: boolean;
  kycStatus?: string | null;
  idComplyStatus?: string | null;
  kycRegistrationFlag?: boolean;
  profileImage?: string | null;
  registrationDate?: string;
  createdAt?: string;
  userWallet?: UserWallet;
  [key: string]: unknown;
}
