/**
 * The local storage keys the seed names (seed 000 section 3): the chosen coin, the user name,
 * the phone flag, the login time, the persisted user store and the dismissed one-time popups.
 */
export const storageKeys = {
  coin: 'coin',
  username: 'username',
  phoneVerified: 'phoneVerified',
  loginTime: 'loginTime',
  userStore: 'userStore',
  dismissedPopups: 'dismissedPopups',
} as const;

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the app still works, it just forgets across reloads.
  }
}

export function removeStorage(...keys: string[]): void {
  for (const key of keys) {
    try {
      localStorage.removeItem(key);
    } catch {
      // see writeStorage
    }
  }
}
