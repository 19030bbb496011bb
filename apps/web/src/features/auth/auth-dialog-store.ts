import { create } from 'zustand';

/** Which access dialog is open: the header's Login / Register, Play Now for visitors, /register. */
export type AuthDialog = 'login' | 'signup' | 'forgot' | null;

interface AuthDialogState {
  open: AuthDialog;
  show: (dialog: Exclude<AuthDialog, null>) => void;
  close: () => void;
}

export const useAuthDialog = create<AuthDialogState>()((set) => ({
  open: null,
  show: (dialog) => set({ open: dialog }),
  close: () => set({ open: null }),
}));
