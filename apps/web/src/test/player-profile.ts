import type { PlayerProfile } from '@casino/contracts/profile';

/** A whole GET /user/profile answer as the server sends it (contracts/profile.ts), for web tests. */
export function playerProfile(overrides: Partial<PlayerProfile> = {}): PlayerProfile {
  return {
    userId: 7,
    username: 'ada1234',
    email: 'ada@players.test',
    emailVerified: true,
    hasPassword: true,
    firstName: null,
    middleName: null,
    lastName: null,
    dateOfBirth: null,
    gender: null,
    addressLine_1: null,
    addressLine_2: null,
    city: null,
    state: null,
    country: null,
    zipCode: null,
    phone: null,
    phoneVerified: false,
    profileImage: null,
    kycStatus: 'pending',
    idComplyStatus: null,
    kycRegistrationFlag: false,
    promoCode: null,
    registrationDate: '2026-11-01T10:00:00.000Z',
    createdAt: '2026-11-01T10:00:00.000Z',
    signInIp: '127.0.0.1',
    moreDetails: { browser: 'Chrome', platform: 'web' },
    userWallet: { gcCoin: 0, totalScCoin: 0, scCoin: { wsc: 0, bsc: 0, psc: 0 } },
    isDailyBonusClaimed: false,
    isWelcomeBonusClaimed: false,
    isWelcomeBonusAllowed: true,
    firstPurchaseBonus: { isClaimed: false, percentage: 100 },
    minRedeemableCoins: 51,
    maxRedeemableCoins: 10000,
    totalBetLimits: { totalBetAmountToday: 0, totalBetAmountWeekly: 0, totalBetAmountMonthly: 0 },
    totalDepositLimits: { totalDepositAmountToday: 0, totalDepositAmountWeekly: 0, totalDepositAmountMonthly: 0 },
    isSpinWheelBonusClaimed: false,
    spinWheelClaimedAt: null,
    vipTierDetail: {
      currentTier: { vipTierId: 1, name: 'Bronze', boost: 1, rakeback: 0.5, scRequiredPlay: 0, gcRequiredPurchase: 0 },
      nextTier: { vipTierId: 2, name: 'Silver', boost: 2, rakeback: 1, scRequiredPlay: 500, gcRequiredPurchase: 50_000 },
      percentage: 0,
      totalScSpend: 0,
      totalGcSpend: 0,
    },
    ...overrides,
  };
}

/** The stored part of the same player, as login success keeps it. */
export const storedPlayer = { userId: 7, username: 'ada1234', email: 'ada@players.test' };
