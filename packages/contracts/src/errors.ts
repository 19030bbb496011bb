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
  // Games and the game server (issue 5). The game server's own credentials (launch token, game
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
  // Store and payments (issue 11). A processor webhook's signature is a credential of the
  // processor, not of a player: 401 there never reaches the web client.
  PackageNotFound: { code: 3600, status: 404, description: 'This package is not available.' },
  PaymentAmountMismatch: { code: 3601, status: 400, description: 'Please enter a valid positive amount.' },
  PaymentNotFound: { code: 3602, status: 404, description: 'This payment was not found.' },
  PaymentAlreadyProcessed: { code: 3603, status: 409, description: 'This payment was already processed.' },
  CardTokenInvalid: { code: 3604, status: 400, description: 'The card could not be used. Please enter it again.' },
  SavedCardNotFound: { code: 3605, status: 404, description: 'This saved card was not found.' },
  PaymentWebhookSignatureInvalid: { code: 3606, status: 401, description: 'The webhook signature is missing or wrong.' },
  PaymentProcessorUnavailable: { code: 3607, status: 503, description: 'Please try after some time' },
  // Flash-sale offers and wallets (issue 11, decision 011).
  OfferNotAvailable: { code: 3620, status: 409, description: 'This offer is no longer available.' },
  OfferAlreadyPurchased: { code: 3621, status: 409, description: 'You have already purchased this offer.' },
  ApplePaySessionInvalid: { code: 3622, status: 400, description: 'Apple Pay could not be started. Please use another payment method.' },
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
