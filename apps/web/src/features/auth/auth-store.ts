import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { removeStorage, storageKeys, writeStorage } from '../../lib/storage';
import type { SignedUpUser, StoredPlayer } from './user-details';

/**
 * Who is signed in on this device (seed 000 section 3), persisted in local storage under
 * 'userStore' with the authenticated flag. The server's session cookie is the truth; the player's
 * details live in the profile query (profile.ts), not here.
 */
interface AuthState {
  user: StoredPlayer | null;
  isAuthenticated: boolean;
  /** Signed up, e-mail not verified yet: kept for the 'Action Required' dialog (Resend Email). */
  signedUpUser: SignedUpUser | null;
  /** Login success: store who signed in and the keys the seed names. */
  signIn: (player: StoredPlayer) => void;
  /** Sign-up success: remember the new account, not signed in. */
  setSignedUpUser: (user: SignedUpUser | null) => void;
  /** Logout, 401, 403, 3008/3082: clear the user and its local keys (seed 000 section 4). */
  clear: () => void;
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      isAuthenticated: false,
      signedUpUser: null,
      signIn: ({ userId, username, email }) => {
        writeStorage(storageKeys.username, username);
        writeStorage(storageKeys.loginTime, new Date().toISOString());
        set({ user: { userId, username, email }, isAuthenticated: true, signedUpUser: null });
      },
      setSignedUpUser: (signedUpUser) => set({ signedUpUser }),
      clear: () => {
        removeStorage(storageKeys.loginTime, storageKeys.username, storageKeys.phoneVerified);
        set({ user: null, isAuthenticated: false, signedUpUser: null });
      },
    }),
    {
      name: storageKeys.userStore,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ user: state.user, isAuthenticated: state.isAuthenticated, signedUpUser: state.signedUpUser }),
    },
  ),
);

/** Private routes need both the stored user name and the authenticated flag (seed 000 section 2). */
export function isSignedIn(): boolean {
  const { isAuthenticated, user } = useAuthStore.getState();
  return isAuthenticated && user !== null && localStorage.getItem(storageKeys.username) !== null;
}
