/** The auth feature's pages, each loaded when its route opens. */
export const verifyEmailPage = () => import('./verify-email-page');
export const forgotPasswordPage = () => import('./forgot-password-page');
