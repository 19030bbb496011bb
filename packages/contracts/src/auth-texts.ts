/**
 * The texts of accounts and access (seed 000 sections 2, 5 and 8), kept free of zod so that
 * the lobby's first page can show them (logout toast, account menu) without loading the
 * validation library; the schemas in auth.ts use the same messages.
 */
export const authMessages = {
  emailRequired: 'Please enter an email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must contain at least 10 characters',
  passwordTooLong: 'Password must not contain more than 20 characters',
  passwordWeak: 'Password must contain at least one lowercase & uppercase letter, digit and special character',
  passwordMismatch: 'Password and Confirm Password do not match',
  usernameRequired: 'Username is required',
  usernameOnlySpaces: 'Username cannot contain only spaces',
  usernameFormat: 'Username must be 5-15 characters long & contain only alphabets or digits',
  usernameTaken: 'Username already exists',
  emailTaken: 'Email already exists.',
  termsRequired: 'Please accept terms and conditions',
  marketingRequiredForPromo: 'Please agree to receive promotional offers to use a promo code',
  promoCodeInvalid: 'Promo code may contain only letters, digits, - and _ (at most 32)',
  newPasswordTooShort: 'Password must contain at least 8 characters',
  newPasswordWeak:
    'Password must include at least one uppercase and lowercase letter, one numeric digit, and one special character (@$!%*?&)',
  newPasswordMismatch: 'Passwords must match',
  passwordNotBase64: 'Password must be sent base64-encoded',
  underAge: 'You must be at least 18 years old',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD)',
} as const;

/** Texts the web shows verbatim (seed 000 sections 2 and 8). */
export const authTexts = {
  passwordHint: '10-20 characters, At least one number, one uppercase letter & one special character.',
  /** The Reset Password dialog's hint: the rule of newPasswordSchema in auth.ts. */
  newPasswordHint: '8-20 characters with an uppercase and a lowercase letter, a digit and one of @$!%*?&',
  noPurchaseRequired: '**No purchase required',
  loginSuccess: 'You have successfully logged in',
  logoutSuccess: 'You have successfully logged out.',
  resendSuccess: 'Verification mail has been sent successfully',
  resetLinkSent: 'Reset password link sent',
  passwordChanged: 'Your Password is changed',
  emailVerified: 'Email Verified Successfully',
  signUpFirst: 'Please first sign up for login',
  verificationSent: 'Verification email has been sent to you',
  forgotEmailUnknown: 'Please enter your registered email.',
  resetLinkInvalid: 'Password reset link is no longer valid. Kindly request a new link.',
} as const;
