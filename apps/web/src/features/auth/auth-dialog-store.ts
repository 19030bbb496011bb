import { create } from 'zustand';

/**
 * Which access dialog is open (seed 000 section 2 'Dialogs'): Sign-in and 'Join Now' (one dialog,
 * two tabs), Forgot Password, Reset Password, 'Action Required' after a verification mail was sent.
 * Opened by the header's Login / Register, Play Now for visitors, /register, the reset link.
 */
export type AuthDialog = 'login' | 'signup' | 'forgot' | 'reset' | 'verification-sent' | null;

export interface AuthDialogOptions {
  /** Pre-fills the e-mail field, or names the address a verification mail went to. */
  email?: string | undefined;
  /** Reset Password: the token of the mailed link. */
  resetToken?: string | undefined;
}

interface AuthDialogState extends AuthDialogOptions {
  open: AuthDialog;
  show: (dialog: Exclude<AuthDialog, null>, options?: AuthDialogOptions) => void;
  close: () => void;
}

export const useAuthDialog = create<AuthDialogState>()((set) => ({
  open: null,
  show: (dialog, options = {}) => set((state) => ({ open: dialog, email: options.email ?? state.email, resetToken: options.resetToken })),
  close: () => set({ open: null, resetToken: undefined }),
}));

/** The /register route's loader: the lobby opens in sign-up mode (seed 000 section 2). */
export function openSignUpDialog(): null {
  useAuthDialog.getState().show('signup');
  return null;
}
