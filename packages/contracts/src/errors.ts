/**
 * The one table of API error codes. Codes named by the seeds keep their numbers and meaning
 * (seed 000 section 8, seed 001 section 8); the rest are ours. Every failure the API sends is
 * `{ errors: [{ errorCode, name, description, details? }] }` with the HTTP status listed here.
 *
 * HTTP 401 and 403 are reserved for session problems: the web client clears the stored user on
 * 401 and also leaves for / on 403 (seed 000 section 8), so a business refusal (wrong password,
 * unverified e-mail, restricted player) must never use them. See docs/decisions/002-error-statuses.md.
 */
export const errorCodes = {
  RequestInputValidation: { code: 3000, status: 400, description: 'The request is not valid.' },
  NotFound: { code: 3001, status: 404, description: 'Not found.' },
  Unauthenticated: { code: 3002, status: 401, description: 'Please log in to continue.' },
  Forbidden: { code: 3003, status: 403, description: 'You are not allowed to do this.' },
  TooManyRequests: { code: 3004, status: 429, description: 'Too many requests. Please try again later.' },
  InternalServerError: { code: 3005, status: 500, description: 'Something went wrong. Please try again.' },
  ServiceUnavailable: { code: 3006, status: 503, description: 'The service is temporarily unavailable.' },
  EmailAlreadyExists: { code: 3007, status: 409, description: 'Email already exists.' },
  SessionExpired: { code: 3008, status: 401, description: 'Your session has expired. Please log in again.' },
  UserNameAlreadyExists: { code: 3009, status: 409, description: 'Username already exists' },
  OriginNotAllowed: { code: 3010, status: 403, description: 'Request origin is not allowed.' },
  IdempotencyKeyReused: { code: 3011, status: 409, description: 'This request id was already used for a different request.' },
  InsufficientBalance: { code: 3012, status: 400, description: 'You do not have sufficient coins' },
  ResetLinkInvalid: { code: 3022, status: 400, description: 'Password reset link is no longer valid. Kindly request a new link.' },
  OldPasswordWrong: { code: 3038, status: 400, description: 'Old password is incorrect.' },
  EmailNotVerified: { code: 3050, status: 400, description: 'Verification email has been sent to you' },
  UserNotSignedUp: { code: 3052, status: 400, description: 'Please first sign up for login' },
  ForgotPasswordEmailUnknown: { code: 3053, status: 400, description: 'Please enter your registered email.' },
  LoginEmailError: { code: 3064, status: 400, description: 'This account cannot log in.' },
  LoginPasswordError: { code: 3065, status: 400, description: 'Incorrect password.' },
  VerifyEmailLinkInvalid: { code: 3066, status: 400, description: 'This verification link is no longer valid. Please request a new one.' },
  EmailAlreadyVerified: { code: 3067, status: 400, description: 'Your email is already verified. Please log in.' },
  GoogleTokenInvalid: { code: 3068, status: 400, description: 'Google sign-in failed. Please try again.' },
  KycAlreadyVerified: { code: 3072, status: 400, description: 'You are already verified' },
  KycInProgress: { code: 3073, status: 400, description: 'We are still verifying your details' },
  PlayerRestricted: { code: 3079, status: 400, description: 'You are restricted for this action.' },
  SessionInvalid: { code: 3082, status: 401, description: 'Your session is no longer valid. Please log in again.' },
  BonusAlreadyClaimed: { code: 3120, status: 409, description: 'You have already claimed this bonus.' },
  BonusNotActive: { code: 3121, status: 400, description: 'This bonus is not available right now.' },
  BonusNotAllowed: { code: 3122, status: 400, description: 'Please verify your email to claim this bonus.' },
  SwitchToSignUp: { code: 3183, status: 400, description: 'Please first sign up for login' },
  // Games and the game server. The game server's own credentials (launch token, game
  // session, wallet signature) answer 401: they are session problems of the game page or of a
  // game server, never of the player's lobby session.
  DemoPlayNotAvailable: {
    code: 3400,
    status: 400,
    description: 'Demo play is not available: every game is played with Gold Coins or Sweeps Coins.',
  },
  GameNotFound: { code: 3401, status: 404, description: 'This game is not available.' },
  GameLaunchTokenInvalid: {
    code: 3402,
    status: 401,
    description: 'This game link has expired. Please open the game again from the lobby.',
  },
  GameSessionInvalid: { code: 3403, status: 401, description: 'Your game session has ended. Please open the game again from the lobby.' },
  InvalidBetAmount: { code: 3404, status: 400, description: 'This bet is not available in this game.' },
  WalletSignatureInvalid: { code: 3405, status: 401, description: 'The request signature is missing or wrong.' },
  WalletRequestExpired: { code: 3406, status: 401, description: 'The request was signed too long ago (or in the future).' },
  BetNotFound: { code: 3407, status: 400, description: 'There is no bet for this round.' },
  BetAlreadyRolledBack: { code: 3408, status: 409, description: 'This bet was rolled back.' },
  RoundMismatch: { code: 3409, status: 400, description: 'This round belongs to another player, game or coin.' },
  RoundClosed: { code: 3410, status: 409, description: 'This round is already settled.' },
  RoundInProgress: { code: 3411, status: 409, description: 'This round is still being played. Please wait a moment.' },
  // A win above its game's maximum for the round's bet (docs/decisions/058-win-limits.md): refused whole, nothing
  // paid, and the money desk alerted. 422: the request is well formed, the win is not payable.
  WinAboveLimit: {
    code: 3412,
    status: 422,
    description: "This win is above the game's maximum win for the round's bet. Nothing was paid.",
  },
  // Store and payments. A processor webhook's signature is a credential of the
  // processor, not of a player: 401 there never reaches the web client.
  PackageNotFound: { code: 3600, status: 404, description: 'This package is not available.' },
  PaymentAmountMismatch: { code: 3601, status: 400, description: 'Please enter a valid positive amount.' },
  PaymentNotFound: { code: 3602, status: 404, description: 'This payment was not found.' },
  PaymentAlreadyProcessed: { code: 3603, status: 409, description: 'This payment was already processed.' },
  CardTokenInvalid: { code: 3604, status: 400, description: 'The card could not be used. Please enter it again.' },
  SavedCardNotFound: { code: 3605, status: 404, description: 'This saved card was not found.' },
  PaymentWebhookSignatureInvalid: { code: 3606, status: 401, description: 'The webhook signature is missing or wrong.' },
  PaymentProcessorUnavailable: { code: 3607, status: 503, description: 'Please try after some time' },
  // Redemption (seed 001 sections 4, 5 and 8).
  RedeemKycPending: { code: 3700, status: 400, description: 'Your KYC verification is pending' },
  RedeemAmountBelowMinimum: { code: 3701, status: 400, description: 'Requested redemption amount is less than 51 Redeemable SC coins' },
  RedeemAmountAboveMaximum: {
    code: 3702,
    status: 400,
    description: 'Requested redemption amount is more than the maximum Redeemable SC coins',
  },
  RedeemInsufficientCoins: { code: 3703, status: 400, description: 'Insufficient Redeemable SC coins' },
  RedeemNoActiveBank: { code: 3704, status: 400, description: 'Please link your bank account first.' },
  RedeemRequestNotFound: { code: 3705, status: 404, description: 'This redeem request was not found.' },
  RedeemNotCancellable: { code: 3706, status: 409, description: 'This redeem request can no longer be cancelled.' },
  PayoutWebhookSignatureInvalid: { code: 3707, status: 401, description: 'The webhook signature is missing or wrong.' },
  BankLinkFailed: {
    code: 3708,
    status: 400,
    description: 'Oops! Something went wrong while saving your bank details. Please try again.',
  },
  FundingSourceNotFound: { code: 3709, status: 404, description: 'This bank account was not found.' },
  PayoutProviderUnavailable: { code: 3710, status: 503, description: 'Something Went Wrong ! Please Contact our support team.' },
  // A redemption that brings the calendar year's prizes to the reporting threshold needs the
  // player's social security number on file first (docs/decisions/059): the redeem page asks for it.
  RedeemSsnRequired: {
    code: 3711,
    status: 400,
    description: 'Please provide your social security number: your prizes this year reach the amount we must report.',
  },
  // Phone verification and KYC. A KYC webhook's signature is the vendor's
  // credential, not a player's: 401 there never reaches the web client.
  PhoneOtpInvalid: { code: 3730, status: 400, description: 'The OTP is incorrect. Please try again.' },
  PhoneOtpExpired: { code: 3731, status: 400, description: 'The OTP has expired. Please request a new one.' },
  PhoneOtpAttemptsExceeded: { code: 3732, status: 400, description: 'Too many incorrect codes. Please request a new OTP.' },
  PhoneOtpResendTooSoon: { code: 3733, status: 429, description: 'Please wait before requesting a new OTP.' },
  PhoneOtpNotRequested: { code: 3734, status: 400, description: 'Please request an OTP for this phone number first.' },
  PhoneAlreadyInUse: { code: 3735, status: 409, description: 'This phone number is already verified on another account.' },
  PhoneAlreadyVerified: { code: 3736, status: 409, description: 'Your phone number is already verified.' },
  SmsDeliveryFailed: { code: 3737, status: 400, description: 'We could not send an SMS to this phone number.' },
  KycPhoneNotVerified: { code: 3738, status: 400, description: 'Please verify your phone number first.' },
  KycProviderUnavailable: { code: 3739, status: 503, description: 'Identity verification is not available right now.' },
  KycWebhookSignatureInvalid: { code: 3740, status: 401, description: 'The webhook signature is missing or wrong.' },
  // Responsible play: business refusals, never 401/403 (the player stays signed in
  // except where a time break or self-exclusion ends every session on purpose).
  PlayerExcluded: { code: 3750, status: 400, description: 'You are on a break from play.' },
  DepositLimitReached: { code: 3751, status: 400, description: 'This purchase would pass your deposit limit.' },
  BetLimitReached: { code: 3752, status: 400, description: 'This bet would pass your bet limit.' },
  LimitChangeLocked: { code: 3753, status: 400, description: 'This limit cannot be changed yet.' },
  LimitAlreadySpent: { code: 3754, status: 400, description: 'This limit is already spent.' },
  ConfirmPasswordWrong: { code: 3755, status: 400, description: 'The password is not correct.' },
  // The location compliance gate. 451: refused for legal reasons, never 401/403, which
  // would sign the player out on the web client.
  LocationCheckRequired: { code: 3760, status: 451, description: 'Please allow a location check to continue.' },
  LocationNotAllowed: { code: 3761, status: 451, description: 'This application might not be available in your region.' },
  GeolocationPacketInvalid: { code: 3762, status: 400, description: 'The location result could not be verified.' },
  GeolocationPacketExpired: { code: 3763, status: 400, description: 'The location result has expired. Please check your location again.' },
  GeolocationPacketReplayed: { code: 3764, status: 409, description: 'This location result was already used.' },
  // Flash-sale offers and wallets (decision 011).
  OfferNotAvailable: { code: 3620, status: 409, description: 'This offer is no longer available.' },
  OfferAlreadyPurchased: { code: 3621, status: 409, description: 'You have already purchased this offer.' },
  ApplePaySessionInvalid: { code: 3622, status: 400, description: 'Apple Pay could not be started. Please use another payment method.' },
  // The daily spin wheel (decision 017).
  SpinWheelAlreadyClaimed: {
    code: 3770,
    status: 409,
    description: 'You have already spun the wheel. Come back in 24 hours to spin again.',
  },
  SpinWheelUnavailable: { code: 3771, status: 409, description: 'The spin wheel is not available right now.' },
  // Promo codes and referrals (decision 020).
  PromoCodeInvalid: { code: 3785, status: 400, description: 'This promo code is not valid.' },
  PromoCodeExpired: { code: 3786, status: 400, description: 'This promo code has expired.' },
  PromoCodeUsedUp: { code: 3787, status: 400, description: 'This promo code has already been used the maximum number of times.' },
  // The operator back office (decision 024). Operator sessions answer 401 (3002, 3008,
  // 3082) and a wrong role 403 (3003), like players'; sign-in refusals are 400.
  OperatorLoginFailed: { code: 3800, status: 400, description: 'The e-mail or password is incorrect.' },
  OperatorTotpInvalid: { code: 3801, status: 400, description: 'The code is not correct. Check your authenticator app and try again.' },
  OperatorTotpReplayed: { code: 3802, status: 400, description: 'This code was already used. Wait for the next code and try again.' },
  OperatorLoginExpired: {
    code: 3803,
    status: 400,
    description: 'Your sign-in took too long. Please enter your e-mail and password again.',
  },
  OperatorDisabled: { code: 3804, status: 400, description: 'This operator account is disabled.' },
  OperatorEmailExists: { code: 3805, status: 409, description: 'An operator with this e-mail already exists.' },
  OperatorSelfChange: { code: 3806, status: 400, description: 'You cannot disable yourself or remove your own admin role.' },
  PlayerBlocked: { code: 3807, status: 400, description: 'This account is blocked. Please contact support.' },
  // The content desk: a change made on an old copy would silently undo another
  // operator's change, so it is refused and the page reloads the current version.
  ContentSlugExists: { code: 3850, status: 409, description: 'A banner with this name already exists.' },
  ContentVersionStale: {
    code: 3851,
    status: 409,
    description: 'Someone changed this in the meantime. Reload to see their change, then make yours again.',
  },
  // The money desks: 3840-3849.
  RedemptionAlreadyDecided: {
    code: 3840,
    status: 409,
    description: 'This redemption is no longer waiting for review: it was cancelled, approved or rejected meanwhile.',
  },
  AdjustmentBelowZero: { code: 3841, status: 400, description: 'This adjustment would take the balance below zero.' },
  // A verified provider event whose handling failed: kept for the money desk, and a 5xx so that the
  // provider retries it. An operator's replay that fails again is 422 (the event, not the request).
  WebhookNotApplied: {
    code: 3842,
    status: 503,
    description: 'The event could not be applied now. It is kept for the money desk; please retry.',
  },
  WebhookReplayConflict: {
    code: 3843,
    status: 409,
    description:
      'This webhook is no longer waiting for a replay: it was replayed or resolved by a retry meanwhile, or another operator is replaying it now. Reload to see its status.',
  },
  WebhookReplayFailed: {
    code: 3844,
    status: 422,
    description: 'The event still could not be applied. It stays failed with the new error.',
  },
  // Referral rewards and purchase reversals (docs/decisions/056): 3860-3869.
  ReferralRewardAlreadyDecided: {
    code: 3860,
    status: 409,
    description: 'This referral reward is no longer waiting for review: it was approved, rejected or taken back meanwhile.',
  },
  PurchaseNotReversible: { code: 3861, status: 409, description: 'Only a paid purchase can be refunded or charged back.' },
  // Mail-in entry (docs/decisions/069): 3870-3879.
  MailInRequestOpen: {
    code: 3870,
    status: 409,
    description: 'You already have an open request code. Write it on your card; you can ask for a new one once that card is decided.',
  },
} as const satisfies Record<string, { code: number; status: number; description: string }>;

export type ErrorName = keyof typeof errorCodes;

export interface ApiErrorItem {
  errorCode: number;
  name: string;
  description: string;
  details?: unknown;
}

export interface ApiErrorBody {
  errors: ApiErrorItem[];
}

/** Codes after which the client treats the player as logged out and reloads (seed 000 section 8). */
export const sessionEndedCodes: readonly number[] = [errorCodes.SessionExpired.code, errorCodes.SessionInvalid.code];

export function errorNameForCode(code: number): ErrorName | undefined {
  return (Object.keys(errorCodes) as ErrorName[]).find((name) => errorCodes[name].code === code);
}
